import type { User } from '../../../contracts/auth';
import { useSessionUser } from '../../lib/session';

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

export function useLocationLabel(): string {
  return locationLabelFor(useSessionUser());
}
