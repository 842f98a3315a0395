import { useQuery } from '@tanstack/react-query';
import type { OrderTaxDocuments } from '../../../../contracts/invoices';
import { adminApi } from '../../../lib/admin-api-client';
import { adminApiPaths } from '../../../lib/admin-paths';
import { adminOrderKeys } from './admin-order-keys';

/** The order's tax invoice and credit notes, for the console (docs/product.md#gst-invoices). */
export function useAdminOrderDocuments(id: string) {
  return useQuery({
    queryKey: [...adminOrderKeys.order(id), 'documents'],
    queryFn: () => adminApi.get<OrderTaxDocuments>(adminApiPaths.orderDocuments(id)),
  });
}
