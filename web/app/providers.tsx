import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { BotChallengeKeeper } from '../components/bot-challenge/bot-challenge-keeper';
import { SessionKeeper } from '../features/auth/components/session-keeper';
import { SearchProvider } from '../features/search/search-provider';
import { LoginPromptProvider } from './shop-state/login-prompt';
import { ShopStateProvider } from './shop-state/shop-state-provider';

export interface AppProvidersProps {
  /** The browser's client (filled from the server's data when hydrating) or the server's, per page. */
  queryClient: QueryClient;
  /** BrowserRouter in the browser; on the server, a router fixed to the page's URL. */
  Router: ComponentType<{ children: ReactNode }>;
  children: ReactNode;
}

export function AppProviders({ queryClient, Router, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        <SessionKeeper />
        <BotChallengeKeeper />
        <SearchProvider>
          <LoginPromptProvider>
            <ShopStateProvider>{children}</ShopStateProvider>
          </LoginPromptProvider>
        </SearchProvider>
      </Router>
    </QueryClientProvider>
  );
}
