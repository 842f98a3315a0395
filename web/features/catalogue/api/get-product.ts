import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductReply } from '../../../../contracts/catalogue';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { productsQueryOptions } from './get-products';

/** Product ids are positive integers; anything else is 'Product not found' without asking the server. */
export function isProductId(id: string | undefined): id is string {
  return id !== undefined && /^[1-9]\d{0,8}$/.test(id);
}

export async function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const reply = await apiClient.get<ProductReply>(apiPaths.product(id), { signal });
  return reply.product;
}

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['products', id],
    queryFn: ({ signal }) => getProduct(id, signal),
    staleTime: 5 * 60_000,
  });
}

export function useProduct(id: string | undefined) {
  const queryClient = useQueryClient();
  const validId = isProductId(id) ? id : '0';
  return useQuery({
    ...productQueryOptions(validId),
    enabled: isProductId(id),
    // Coming from the grid, the product is already known: show it at once while the page refetches.
    placeholderData: () =>
      queryClient.getQueryData(productsQueryOptions.queryKey)?.find((product) => String(product.id) === id),
  });
}
