import { readStoredJson, removeStored, storageKeys, writeStoredJson } from '../../lib/storage';
import { toItemRefs } from './wishlist-items';

/**
 * The browser's copy of a signed-in shopper's wishlist (spec §3 local storage keys): product ids only, the
 * products themselves come from the server. `modified` marks a change the server has not confirmed yet
 * (spec §4), which then wins over the server's copy at the next sign-in.
 */
export interface LocalWishlist {
  owner: string;
  items: { id: number }[];
  modified: boolean;
}

function isItemRef(value: unknown): value is { id: number } {
  return typeof value === 'object' && value !== null && Number.isInteger((value as { id?: unknown }).id);
}

/** The stored copy, if it is this shopper's and still readable. */
export function readLocalWishlist(owner: string): LocalWishlist | undefined {
  const stored = readStoredJson(storageKeys.wishlist);
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { owner: storedOwner, items, modified } = stored as Record<string, unknown>;
  if (storedOwner !== owner || !Array.isArray(items) || !items.every(isItemRef)) return undefined;
  return { owner, items, modified: modified === true };
}

export function writeLocalWishlist(owner: string, items: readonly { id: number }[], modified: boolean): void {
  const copy: LocalWishlist = { owner, items: toItemRefs(items), modified };
  writeStoredJson(storageKeys.wishlist, copy);
}

export function clearLocalWishlist(): void {
  removeStored(storageKeys.wishlist);
}
