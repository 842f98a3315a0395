import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { BotChallengeKeeper } from '../components/bot-challenge/bot-challenge-keeper';
import { SessionKeeper } from '../features/auth/components/session-keeper';
import { SearchProvider } from '../features/search/search-provider';
import { createQueryClient } from './query-client';
import { LoginPromptProvider } from './shop-state/login-prompt';
import { ShopStateProvider } from './shop-state/shop-state-provider';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionKeeper />
        <BotChallengeKeeper />
        <SearchProvider>
          <LoginPromptProvider>
            <ShopStateProvider>{children}</ShopStateProvider>
          </LoginPromptProvider>
        </SearchProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
