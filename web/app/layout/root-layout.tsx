import { Suspense } from 'react';
import { ErrorBoundary } from '../../components/error-boundary';
import { Footer } from '../../components/footer/footer';
import { Outlet, useLocation } from '../../lib/router';
import { ErrorPage } from '../error-page';
import { AppHeader } from './app-header';
import { useFocusOnNavigate } from './use-focus-on-navigate';
import { useScrollOnNavigate } from './use-scroll-on-navigate';

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
      <Footer />
    </>
  );
}
