import { useQuery } from '@tanstack/react-query';
import type { OrderTaxDocuments } from '../../../../contracts/invoices';
import { apiClient } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import { orderApiPaths } from './order-paths';

export function getOrderDocuments(id: string, signal?: AbortSignal): Promise<OrderTaxDocuments> {
  return apiClient.get<OrderTaxDocuments>(orderApiPaths.documents(id), { signal });
}

/** The tax invoice and credit notes of a paid order (docs/product.md#gst-invoices). */
export function useOrderDocuments(id: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.documents(id),
    queryFn: ({ signal }) => getOrderDocuments(id, signal),
    enabled,
  });
}
