import { readStoredJson, removeStored, storageKeys, writeStoredJson } from '../../lib/storage';
import { type CartLineRef, toLineRefs } from './cart-lines';

/**
 * The browser's copy of a signed-in shopper's cart (spec §3 local storage keys). It holds ids and quantities
 * only: prices are read from the server every time. `modified` marks a change not yet confirmed by the
 * server (spec §4), which then wins over the server's copy at the next sign-in.
 */
export interface LocalCart {
  owner: string;
  lines: CartLineRef[];
  modified: boolean;
}

function isLineRef(value: unknown): value is CartLineRef {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    Number.isInteger(line.id) &&
    Number.isInteger(line.quantity) &&
    (line.size === 'S' || line.size === 'M' || line.size === 'L')
  );
}

/** The stored copy, if it is this shopper's and still readable. */
export function readLocalCart(owner: string): LocalCart | undefined {
  const stored = readStoredJson(storageKeys.cart);
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { owner: storedOwner, lines, modified } = stored as Record<string, unknown>;
  if (storedOwner !== owner || !Array.isArray(lines) || !lines.every(isLineRef)) return undefined;
  return { owner, lines, modified: modified === true };
}

export function writeLocalCart(owner: string, lines: readonly CartLineRef[], modified: boolean): void {
  const copy: LocalCart = { owner, lines: toLineRefs(lines), modified };
  writeStoredJson(storageKeys.cart, copy);
}

export function clearLocalCart(): void {
  removeStored(storageKeys.cart);
}
