import { Suspense } from 'react';
import { ErrorBoundary } from '../../components/error-boundary';
import '../../components/footer/footer.css';
import { lazyAfterLoad } from '../../lib/lazy-after-load';
import { Outlet, useLocation } from '../../lib/router';
import { ErrorPage } from '../error-page';
import { AppHeader } from './app-header';
import { useFocusOnNavigate } from './use-focus-on-navigate';
import { useScrollOnNavigate } from './use-scroll-on-navigate';

// The footer's code is not in the first load; its styles are, so the server's footer never shows unstyled.
// One element for every render: a boundary still waiting for its code keeps the server's HTML only while
// nothing above hands it new props.
const Footer = lazyAfterLoad(() => import('../../components/footer/footer').then((module) => module.Footer));
const footer = (
  <Suspense fallback={null}>
    <Footer />
  </Suspense>
);

function RouteLoading() {
  return (
    <p className="status-text page" role="status">
      Loading…
    </p>
  );
}

export function RootLayout() {
  const { pathname } = useLocation();
  useScrollOnNavigate();
  useFocusOnNavigate();

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader />
      <main id="main" tabIndex={-1}>
        {/* Keyed by path: leaving a broken page clears the error. */}
        <ErrorBoundary key={pathname} fallback={() => <ErrorPage />}>
          <Suspense fallback={<RouteLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {footer}
    </>
  );
}
