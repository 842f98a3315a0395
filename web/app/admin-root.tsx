import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BotChallengeKeeper } from '../components/bot-challenge/bot-challenge-keeper';
import { ErrorBoundary } from '../components/error-boundary';
import { BrowserRouter } from '../lib/router';
import { ErrorPage } from './error-page';
import { createQueryClient } from './query-client';
import { AdminApp } from './routes/admin/admin-app';

/**
 * docs/architecture.md#staff: the console page's root. Of the shop's providers it takes only what the console
 * uses: the query client, the router and the bot challenge (the console's sign-in asks for it); AdminApp
 * brings its own toasts.
 */
export function AdminRoot() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary fallback={() => <ErrorPage />}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <BotChallengeKeeper />
          {/* The server sends admin.html for /admin and everything under it (server/http/pages/web-app.ts). */}
          <AdminApp />
        </BrowserRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
