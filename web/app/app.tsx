import { ErrorBoundary } from '../components/error-boundary';
import { ErrorPage } from './error-page';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  return (
    <ErrorBoundary fallback={() => <ErrorPage />}>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </ErrorBoundary>
  );
}
