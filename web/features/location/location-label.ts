import { skipToken, useQuery } from '@tanstack/react-query';
import type { User } from '../../../contracts/auth';
import type { DeliveryPromise } from '../../../contracts/delivery';
import { useSessionUser } from '../../lib/session';
import { useVisitorPincode } from './hooks/use-visitor-pincode';

/** docs/product.md#screens: 'city, pincode'; if only one is present that one; otherwise 'Set Location'. */
export function locationLabelFor(user: Pick<User, 'city' | 'pincode'> | null): string {
  const parts = [user?.city, user?.pincode].map((part) => part?.trim() ?? '').filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Set Location';
}

/**
 * docs/product.md#screens: the header's location follows the pincode last checked (a product page's 'Check
 * delivery', the location modal): its city from India Post's directory, as GET /api/delivery answered the check
 * (the pincode alone until one has, after a reload). Without one checked, or for the address's own pincode, it is
 * the saved address's.
 */
export function useLocationLabel(): string {
  const user = useSessionUser();
  const checked = useVisitorPincode();
  const elsewhere = checked && checked !== user?.pincode?.trim() ? checked : '';
  // The answer the check already has (deliveryPromiseQueryOptions' key): the header asks nothing itself, so
  // neither the fetch nor its rules are in the first load (docs/operations.md#performance-budget).
  const city = useQuery<DeliveryPromise>({ queryKey: ['delivery-promise', elsewhere], queryFn: skipToken })
    .data?.city;
  return locationLabelFor(elsewhere ? { city: city ?? '', pincode: elsewhere } : user);
}
