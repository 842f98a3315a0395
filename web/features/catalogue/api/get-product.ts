import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductReply } from '../../../../contracts/catalogue';
import { ApiError, apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { productsQueryOptions } from './get-products';

/** Product ids are positive integers; anything else is 'Product not found' without asking the server. */
export function isProductId(id: string | undefined): id is string {
  return id !== undefined && /^[1-9]\d{0,8}$/.test(id);
}

/** The product on sale with this id, or null when there is none (the API's 404). */
export async function getProduct(id: string, signal?: AbortSignal): Promise<Product | null> {
  try {
    const reply = await apiClient.get<ProductReply>(apiPaths.product(id), { signal });
    return reply.product;
  } catch (error) {
    // docs/architecture.md#pages-as-html: 'not found' is data, so the server can render it and hand it over.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
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
