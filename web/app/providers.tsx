import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { SearchProvider } from '../features/search/search-provider';
import { createQueryClient } from './query-client';
import { ShopStateProvider } from './shop-state/shop-state-provider';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SearchProvider>
          <ShopStateProvider>{children}</ShopStateProvider>
        </SearchProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
