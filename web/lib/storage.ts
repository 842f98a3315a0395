// localStorage can throw (private mode, full quota, blocked cookies); the shop keeps working without it.

/**
 * docs/product.md#entities: the local storage keys. The session token itself lives in an HttpOnly cookie
 * (docs/architecture.md#security), so only the user is kept here, for an instant restore.
 */
export const storageKeys = {
  productOrder: 'ottomanProductOrder',
  user: 'user',
  cart: 'ottomanCart',
  wishlist: 'ottomanWishlist',
  /** docs/product.md#delivery-promise: the pincode a visitor checked delivery for. */
  pincode: 'ottomanPincode',
  /** docs/product.md#campaign-links: the code of a campaign link, until the checkout applies it. */
  pendingCoupon: 'pendingCoupon',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readStoredJson(key: StorageKey): unknown {
  try {
    const text = window.localStorage.getItem(key);
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function writeStoredJson(key: StorageKey, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not saved: the page still works, it only forgets across visits.
  }
}

export function removeStored(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
