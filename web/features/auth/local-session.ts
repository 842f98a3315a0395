import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../../../contracts/auth';
import { getSessionUser, setSessionUser } from '../../lib/session';
import { removeStored, storageKeys } from '../../lib/storage';
import { profileQueryOptions } from './api/get-profile';

// Bumped at every local sign-out: a profile read that started before it must not sign the user back in.
let signOutCount = 0;

/** docs/product.md#behaviour: an incomplete profile (firstName, city or pincode missing) is re-fetched after 1 second. */
export function isProfileIncomplete(user: Pick<User, 'firstName' | 'city' | 'pincode'>): boolean {
  return !user.firstName || !user.city || !user.pincode;
}

/**
 * Reads the profile and makes it the session user. The cookie is the session, so a reply also signs in a
 * browser whose stored copy was lost. docs/product.md#behaviour: a failed read keeps the stored user; a 401 is the api
 * client's (its handler signs out).
 */
export async function refreshSessionProfile(queryClient: QueryClient): Promise<User | undefined> {
  const startedAt = signOutCount;
  try {
    const user = await queryClient.fetchQuery({ ...profileQueryOptions, staleTime: 0 });
    if (signOutCount !== startedAt) return undefined;
    setSessionUser(user);
    return user;
  } catch {
    return undefined;
  }
}

/** docs/product.md#behaviour Logout: forget the user and the local copies of the cart and the wishlist. */
export function signOutLocally(queryClient: QueryClient): void {
  signOutCount += 1;
  setSessionUser(null);
  removeStored(storageKeys.cart);
  removeStored(storageKeys.wishlist);
  queryClient.removeQueries({ queryKey: profileQueryOptions.queryKey });
}

export function isSignedIn(): boolean {
  return getSessionUser() !== null;
}
