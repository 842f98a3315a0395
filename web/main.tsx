// The base styles come first so each component's own CSS, imported below them, wins ties.
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SEARCH_QUERY_PARAM } from '../contracts/search-query';
import { App } from './app/app';
import { hydrateAppState } from './app/app-state';
import { createQueryClient } from './app/query-client';
import { preloadRoute } from './app/router';
import { loadProductMatcher } from './features/search/product-matcher';
import { BrowserRouter } from './lib/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// docs/product.md#campaign-links: a campaign link's code is kept for the checkout and leaves the address bar.
// Its code is not in the first load: few visits carry one (docs/operations.md#performance-budget).
if (window.location.search.includes('coupon=')) {
  void import('./lib/pending-coupon').then((module) => module.keepCampaignCoupon()).catch(() => undefined);
}

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} Router={BrowserRouter} />
  </StrictMode>
);

// docs/architecture.md#pages-as-html: a page the server rendered carries its data; the app hydrates it, with
// the route's chunk loaded first so nothing suspends. Every other page is the empty shell, rendered here.
// Not a top-level await: the route's chunk imports this one, which would then never finish evaluating. A chunk
// that fails to load still hydrates: the route's error boundary then shows the error page, as without SSR.
if (hydrateAppState(queryClient)) {
  // A page with a search (/?q=…) shows its results only with the matcher, not in the first load
  // (docs/operations.md#performance-budget).
  const searching = window.location.search.includes(`${SEARCH_QUERY_PARAM}=`);
  void Promise.all([preloadRoute(window.location.pathname), searching && loadProductMatcher()])
    .catch(() => undefined)
    .then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
