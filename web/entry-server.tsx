import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { PageRenderer, PageRenderRequest, RenderedPage } from '../contracts/page-rendering';
import { DEFAULT_RETURN_SETTINGS } from '../contracts/return-rules';
import { App } from './app/app';
import { APP_STATE_ELEMENT_ID, serializeAppState } from './app/app-state';
import { createQueryClient } from './app/query-client';
import { isAppPath } from './app/router';
import { productQueryOptions } from './features/catalogue/api/get-product';
import { productsQueryOptions } from './features/catalogue/api/get-products';
import { setRenderedOrder } from './features/catalogue/api/rendered-order';
import { shuffleIds } from './features/catalogue/product-order';
import { policyFactsQueryOptions } from './features/policies/api/get-policy-facts';
import { policies } from './features/policies/policy-content';
import {
  FIRST_REVIEW_SORT,
  firstReviewsPage,
  productReviewsQueryOptions,
} from './features/reviews/api/get-product-reviews';
import { loadProductMatcher } from './features/search/product-matcher';
import { shopDetailsQueryOptions } from './lib/get-shop-details';
import { StaticRouter } from './lib/router';

// docs/architecture.md#pages-as-html: the server's renderer of the catalogue pages, built for Node by
// `vite build --ssr`. It renders the same App the browser hydrates, with the queries those routes read
// already filled, so nothing is fetched and nothing suspends on data.

async function streamToText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export async function render(request: PageRenderRequest): Promise<RenderedPage> {
  // A search's results (/?q=…) need the matcher, which the browser loads apart from the first load.
  await loadProductMatcher();
  const queryClient = createQueryClient();
  queryClient.setQueryData(productsQueryOptions.queryKey, [...request.products]);
  setRenderedOrder(queryClient, shuffleIds(request.products.map((product) => product.id)));
  queryClient.setQueryData(shopDetailsQueryOptions.queryKey, {
    seller: request.seller,
    cashOnDelivery: request.cashOnDelivery,
  });
  if (request.dispatchDays !== undefined) {
    queryClient.setQueryData(policyFactsQueryOptions.queryKey, {
      dispatchDays: request.dispatchDays,
      returnWindowDays: request.returnWindowDays ?? DEFAULT_RETURN_SETTINGS.windowDays,
    });
  }
  if (request.product) {
    queryClient.setQueryData(productQueryOptions(request.product.id).queryKey, request.product.found);
    // docs/architecture.md#seo: the page shows the reviews its JSON-LD names, the first page photos first.
    if (request.reviews) {
      queryClient.setQueryData(
        productReviewsQueryOptions(request.product.id, FIRST_REVIEW_SORT).queryKey,
        firstReviewsPage(request.reviews),
      );
    }
  }
  function Router({ children }: { children: ReactNode }) {
    return <StaticRouter location={request.url}>{children}</StaticRouter>;
  }
  // prerender waits for every lazy route and Suspense boundary: the HTML is complete. No boundary is sent
  // apart from its place (React does that for large ones), as moving it there takes an inline script the
  // CSP refuses.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App queryClient={queryClient} Router={Router} />
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const appHtml = await streamToText(prelude);
  const state = serializeAppState(queryClient);
  queryClient.clear();
  return {
    appHtml,
    dataHtml: `<script type="application/json" id="${APP_STATE_ELEMENT_ID}">${state}</script>`,
  };
}

export const policyPages = policies.map(({ path, title }) => ({ path, title }));

export const renderer: PageRenderer = { policyPages, isAppPath, render };
