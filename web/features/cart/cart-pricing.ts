import { useSyncExternalStore } from 'react';
import type { CartLine, CartReply, CartSummary } from '../../../contracts/cart';
import type { CartCoupon } from '../../../contracts/coupons';
import type { CartLineRef } from './cart-lines';

// docs/product.md#discount-codes: the server prices the cart with its code; the page never computes a
// discount. Every cart reply (read, save, apply or remove a code) leaves its pricing here, beside the lines it
// priced, so the checkout can tell whether the lines on screen are the ones priced (a change still being saved
// is not) and say "Updating…" rather than show a stale amount.

/** The server's pricing of the cart with its code, as the last cart reply gave it. */
export interface CartPricing {
  /** The lines the server priced. */
  lines: readonly CartLineRef[];
  summary: CartSummary | null;
  coupon: CartCoupon | null;
  /** Set when the change behind this reply dropped the code: "{CODE} was removed: {reason}". */
  couponNotice: string | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let latest: CartPricing | null = null;

function publish(pricing: CartPricing | null): void {
  latest = pricing;
  for (const listener of listeners) listener();
}

/** Keeps a cart reply's pricing; the lines' details stay the cart list's. */
export function keepCartPricing(reply: CartReply): void {
  publish({
    lines: reply.cart.map(({ id, quantity, size }) => ({ id, quantity, size })),
    summary: reply.summary ?? null,
    coupon: reply.coupon ?? null,
    couponNotice: reply.couponNotice ?? null,
  });
}

/** Signed out: nothing priced is anyone's now. */
export function forgetCartPricing(): void {
  if (latest !== null) publish(null);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCartPricing(): CartPricing | null {
  return useSyncExternalStore(
    subscribe,
    () => latest,
    () => null,
  );
}

const lineKey = (line: CartLineRef) => `${line.id}:${line.size}:${line.quantity}`;

/** Whether the pricing is of exactly these lines (a change on screen not yet saved makes it stale). */
export function pricesLines(pricing: CartPricing, lines: readonly CartLine[]): boolean {
  if (pricing.lines.length !== lines.length) return false;
  const priced = new Set(pricing.lines.map(lineKey));
  return lines.every((line) => priced.has(lineKey(line)));
}
