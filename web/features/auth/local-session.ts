import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { User } from '../../../contracts/auth';
import { getSessionUser, setSessionUser } from '../../lib/session';
import { removeStored, storageKeys } from '../../lib/storage';
import { profileQueryOptions } from './api/get-profile';
import { hasSignedInHint } from './signed-in-hint';

// Bumped at every local sign-out: a profile read that started before it must not sign the user back in.
let signOutCount = 0;
// Whether this page load's first profile read has answered (signed in or not).
let firstReadSettled = false;
const settledListeners = new Set<() => void>();

/**
 * docs/architecture.md#signed-in-hint: no stored user, but the hint cookie says a session may be here and the
 * page's first profile read has not answered yet: a page for signed-in shoppers waits for it rather than send
 * a shopper who is signed in (a new tab's storage lost, a link opened elsewhere) to sign in again.
 */
export function awaitingFirstProfile(): boolean {
  return !firstReadSettled && !isSignedIn() && hasSignedInHint();
}

export function useAwaitingFirstProfile(): boolean {
  return useSyncExternalStore(
    (listener) => {
      settledListeners.add(listener);
      return () => settledListeners.delete(listener);
    },
    awaitingFirstProfile,
    () => false,
  );
}

/** Tests start a new page load. */
export function forgetFirstProfileRead(): void {
  firstReadSettled = false;
}

function settleFirstRead() {
  if (firstReadSettled) return;
  firstReadSettled = true;
  for (const listener of settledListeners) listener();
}

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
  } finally {
    settleFirstRead();
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
