import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { ErrorPage } from './error-page';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

interface AppProps {
  queryClient: QueryClient;
  Router: ComponentType<{ children: ReactNode }>;
}

/** The shop, the same tree in the browser and on the server (docs/architecture.md#pages-as-html). */
export function App({ queryClient, Router }: AppProps) {
  // Says the page answers clicks now: a page the server rendered shows before its code has hydrated it, and
  // the browser tests wait for this before they touch one (e2e/fixtures.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <ErrorBoundary fallback={() => <ErrorPage />}>
      <AppProviders queryClient={queryClient} Router={Router}>
        <AppRoutes />
      </AppProviders>
    </ErrorBoundary>
  );
}
