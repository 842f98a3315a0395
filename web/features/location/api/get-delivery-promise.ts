import { useQuery } from '@tanstack/react-query';
import { deliveryPromiseQueryOptions } from '../../../lib/pincode-check';

/** docs/product.md#delivery-promise: the promise for a pincode, or nothing while there is no pincode. */
export function useDeliveryPromise(pincode: string | undefined) {
  return useQuery({ ...deliveryPromiseQueryOptions(pincode ?? ''), enabled: pincode !== undefined });
}
