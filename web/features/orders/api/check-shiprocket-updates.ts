import type { ShipmentUpdates } from '../../../../contracts/orders';
import { apiClient } from '../../../lib/api-client';
import { orderApiPaths } from './order-paths';

/** docs/product.md#http-api POST /orders/check-shiprocket-updates/{id}: the fallback for shipment updates. */
export async function checkShiprocketUpdates(id: string): Promise<ShipmentUpdates> {
  return apiClient.post<ShipmentUpdates>(orderApiPaths.checkShiprocketUpdates(id), undefined);
}
