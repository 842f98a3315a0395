import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../contracts/orders';
import { apiClient } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import { orderApiPaths } from './order-paths';

const PENDING_PAYMENT_POLL_MS = 5_000;

export async function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  const reply = await apiClient.get<{ order: Order }>(orderApiPaths.order(id), { signal });
  return reply.order;
}

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.one(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  });

/**
 * docs/product.md#behaviour: after an order the page refreshes at once, then after about 1 s and 2 s, until the courier and
 * tracking number show (the shipment job books the parcel first, then gets its AWB).
 */
export function useOrderUntilShipmentKnown(id: string | undefined, initial: Order | undefined) {
  return useQuery({
    ...orderQueryOptions(id ?? ''),
    enabled: id !== undefined,
    initialData: initial,
    refetchInterval: (query) => {
      // A payment still being confirmed: asked again until it is (docs/product.md#the-order-page).
      if (query.state.data?.paymentStatus === 'pending') return PENDING_PAYMENT_POLL_MS;
      if (query.state.data?.shipment?.hasTracking) return false;
      const tries = query.state.dataUpdateCount;
      return tries < 3 ? 1_000 : tries < 12 ? 5_000 : false;
    },
  });
}

/**
 * One of the shopper's orders, as its own page shows it (docs/product.md#the-order-page); a payment still being
 * confirmed is asked about again until it is.
 */
export function useOrder(id: string, enabled: boolean) {
  return useQuery({
    ...orderQueryOptions(id),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.paymentStatus === 'pending' ? PENDING_PAYMENT_POLL_MS : false,
  });
}
