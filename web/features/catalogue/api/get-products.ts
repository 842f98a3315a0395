import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product, ProductListReply } from '../../../../contracts/catalogue';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export async function getProducts(signal?: AbortSignal): Promise<Product[]> {
  const reply = await apiClient.get<ProductListReply>(apiPaths.products, { signal });
  return reply.products;
}

export const productsQueryOptions = queryOptions({
  queryKey: ['products'],
  queryFn: ({ signal }) => getProducts(signal),
  // The catalogue changes rarely; one fetch serves the grid, the search suggestions and product pages.
  staleTime: 5 * 60_000,
});

export function useProducts() {
  return useQuery(productsQueryOptions);
}
