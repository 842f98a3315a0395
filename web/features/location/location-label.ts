import type { User } from '../../../contracts/auth';
import { useSessionUser } from '../../lib/session';
import { useDeliveryPromise } from './api/get-delivery-promise';
import { useVisitorPincode } from './hooks/use-visitor-pincode';

type AddressParts = Pick<User, 'houseName' | 'streetArea' | 'city' | 'state' | 'country' | 'pincode'>;

/** docs/product.md#screens: 'city, pincode'; if only one is present that one; otherwise 'Set Location'. */
export function locationLabelFor(user: Pick<User, 'city' | 'pincode'> | null): string {
  const parts = [user?.city, user?.pincode].map((part) => part?.trim() ?? '').filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Set Location';
}

/** docs/product.md#screens Location modal: the saved address joined by commas, or undefined when there is none. */
export function savedAddressLine(user: AddressParts | null): string | undefined {
  if (!user) return undefined;
  const parts = [user.houseName, user.streetArea, user.city, user.state, user.country, user.pincode]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * docs/product.md#screens: the header's location follows the pincode last checked (a product page's 'Check
 * delivery', the location modal): its city from India Post's directory, as GET /api/delivery answers it. Without
 * one checked, or for the address's own pincode, it is the saved address's.
 */
export function useLocationLabel(): string {
  const user = useSessionUser();
  const checked = useVisitorPincode();
  const elsewhere = checked !== undefined && checked !== user?.pincode?.trim() ? checked : undefined;
  const promise = useDeliveryPromise(elsewhere);
  if (elsewhere === undefined) return locationLabelFor(user);
  return locationLabelFor({ city: promise.data?.city ?? '', pincode: elsewhere });
}
