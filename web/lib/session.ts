import { useSyncExternalStore } from 'react';
import type { User } from '../../contracts/auth';
import { readStoredJson, removeStored, storageKeys, writeStoredJson } from './storage';

// The signed-in user, shared by the header, the cart, the wishlist and the pages. The session itself is the
// HttpOnly cookie the server sets; this copy (kept in localStorage) lets a reload show the user at once
// (docs/product.md#behaviour Session) until the profile re-fetch confirms or clears it.

type Listener = () => void;

const listeners = new Set<Listener>();

function storedUser(): User | null {
  const value = readStoredJson(storageKeys.user);
  // docs/product.md#behaviour: a stored user without _id is cleared.
  if (typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string') {
    return value as User;
  }
  if (value !== undefined) removeStored(storageKeys.user);
  return null;
}

let currentUser: User | null = typeof window === 'undefined' ? null : storedUser();

export function getSessionUser(): User | null {
  return currentUser;
}

/** Signs the user in locally (after login, signup, Google or a profile re-fetch) or out (null). */
export function setSessionUser(user: User | null): void {
  currentUser = user;
  if (user) writeStoredJson(storageKeys.user, user);
  else removeStored(storageKeys.user);
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionUser(): User | null {
  return useSyncExternalStore(subscribe, getSessionUser, () => null);
}
