import type { QueryClient } from '@tanstack/react-query';

// docs/architecture.md#pages-as-html: the home page's grid is shuffled once on the server; the browser hydrates
// with that order (the same markup) and shuffles anew on the next grid load.
export const renderedOrderKey = ['rendered-product-order'] as const;

export function setRenderedOrder(queryClient: QueryClient, ids: readonly number[]): void {
  queryClient.setQueryData(renderedOrderKey, [...ids]);
}

export function renderedOrder(queryClient: QueryClient): readonly number[] | undefined {
  return queryClient.getQueryData<number[]>(renderedOrderKey);
}

/** After the first grid used it, later loads shuffle again. */
export function forgetRenderedOrder(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: renderedOrderKey, exact: true });
}
