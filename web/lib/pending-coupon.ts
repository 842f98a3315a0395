import { useSyncExternalStore } from 'react';
import { COUPON_CODE_PATTERN, normaliseCouponCode } from '../../contracts/coupon-rules';
import { readStoredJson, removeStored, storageKeys, writeStoredJson } from './storage';

// docs/product.md#campaign-links: `?coupon=CODE` on any page keeps the code in this browser until the
// checkout applies it for the signed-in shopper.

export const COUPON_QUERY_PARAM = 'coupon';

type Listener = () => void;
const listeners = new Set<Listener>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function readPendingCoupon(): string | null {
  const stored = readStoredJson(storageKeys.pendingCoupon);
  return typeof stored === 'string' && COUPON_CODE_PATTERN.test(stored) ? stored : null;
}

export function clearPendingCoupon(): void {
  removeStored(storageKeys.pendingCoupon);
  changed();
}

/**
 * Keeps the code of a campaign link and takes it out of the address bar, so a shared or bookmarked page does
 * not carry it on. Run once as the app starts.
 */
export function keepCampaignCoupon(): void {
  const url = new URL(window.location.href);
  const code = url.searchParams.get(COUPON_QUERY_PARAM);
  if (code === null) return;
  url.searchParams.delete(COUPON_QUERY_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  // The server answers any code; one that cannot be a code is not kept.
  const normalised = normaliseCouponCode(code);
  if (!COUPON_CODE_PATTERN.test(normalised)) return;
  writeStoredJson(storageKeys.pendingCoupon, normalised);
  changed();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab may apply or keep a code.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The code a campaign link left for the checkout; none on the server's render. */
export function usePendingCoupon(): string | null {
  return useSyncExternalStore(subscribe, readPendingCoupon, () => null);
}
