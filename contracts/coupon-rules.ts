// Discount codes' constants and messages without zod, for pages that need no schema
// (docs/operations.md#performance-budget); contracts/coupons.ts re-exports them. The rules are
// docs/product.md#discount-codes and docs/product.md#money.

export const couponKinds = ['percent', 'flat', 'free_shipping'] as const;
export type CouponKind = (typeof couponKinds)[number];

export const couponStatuses = ['active', 'paused', 'ended'] as const;
export type CouponStatus = (typeof couponStatuses)[number];

export const COUPON_CODE_MIN_LENGTH = 3;
export const COUPON_CODE_MAX_LENGTH = 20;
/** Letters and digits, either case: codes are stored upper-case and compared that way. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9]{3,20}$/;
export const MAX_COUPON_DESCRIPTION = 120;
export const MAX_COUPON_PRODUCTS = 100;
export const MAX_COUPON_RUPEES = 10_000_000;
export const MAX_COUPON_USES = 10_000_000;

/**
 * docs/product.md#discount-codes: codes no coupon has (mistyped or guessed) allowed in the window; the next
 * attempt is a 429.
 */
export const COUPON_ATTEMPTS_PER_SHOPPER = 10;
export const COUPON_ATTEMPTS_PER_IP = 30;
export const COUPON_ATTEMPT_WINDOW_MINUTES = 15;

/** The paise an order keeps after any coupon: a code never brings the total below this (docs/product.md#money). */
export const MIN_ORDER_TOTAL_PAISE = 100;

/** A code as typed: trimmed and upper-cased, the way it is stored. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

const istMoment = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "1 Dec 2026, 10:00 am": when a code starts, on India's clock. */
export function formatCouponStart(moment: Date | string): string {
  return istMoment.format(new Date(moment));
}

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** The shopper's messages (docs/product.md#discount-codes), quoted exactly by the pages and the tests. */
export const couponMessages = {
  unknown: 'We could not find this coupon code.',
  notYetValid: (validFrom: Date | string) => `This coupon can be used from ${formatCouponStart(validFrom)}.`,
  expired: 'This coupon has expired.',
  inactive: 'This coupon is not available right now.',
  usedUp: 'This coupon has been fully redeemed.',
  alreadyUsed: 'You have already used this coupon.',
  /** `amountRupees`: how much more the subtotal (before the coupon) needs, in whole rupees. */
  minimum: (amountRupees: number, code: string) =>
    `Add ₹${wholeRupees.format(amountRupees)} more to use ${code}.`,
  firstOrderOnly: 'This coupon is for your first order only.',
  noEligibleItem: 'This coupon does not apply to any item in your cart.',
  tooManyAttempts: `Too many coupon attempts. Please try again in ${COUPON_ATTEMPT_WINDOW_MINUTES} minutes.`,
  codeRequired: 'Please enter a coupon code.',
  dropped: (code: string, reason: string) => `${code} was removed: ${reason}`,
  applied: (code: string) => `Coupon ${code} applied.`,
} as const;

/** The console's messages (docs/product.md#console-coupons). */
export const adminCouponMessages = {
  notFound: 'We could not find that coupon.',
  codeFormat: `Please give a code of ${COUPON_CODE_MIN_LENGTH} to ${COUPON_CODE_MAX_LENGTH} letters or digits.`,
  codeTaken: 'Another coupon already has this code.',
  codeFixedOnceUsed: 'The code cannot change once the coupon has been used.',
  kindRequired: 'Please choose a kind: percent off, flat amount off or free shipping.',
  percentRange: 'Please give a percent off from 1 to 100.',
  percentOnly: 'Only a percent-off coupon has a percent off and a cap.',
  capWhole: 'Please give the cap in whole rupees, 1 or more, or leave it empty.',
  amountWhole: 'Please give the amount off in whole rupees, 1 or more.',
  amountOnly: 'Only a flat coupon has an amount off.',
  minOrderWhole: 'Please give the minimum order in whole rupees, 0 or more.',
  dateFormat: 'Please give a valid date and time.',
  untilAfterFrom: 'The end must be after the start.',
  totalUsesWhole: 'Please give the total uses as a whole number, 1 or more, or leave it empty for no limit.',
  perShopperWhole: 'Please give the uses per shopper as a whole number, 1 or more.',
  descriptionLength: `Please keep the description to ${MAX_COUPON_DESCRIPTION} characters.`,
  publicNeedsDescription: 'A public offer needs a description for the checkout.',
  unknownProduct: (id: number) => `Product ${id} is not in our catalogue.`,
  tooManyProducts: `A coupon can name at most ${MAX_COUPON_PRODUCTS} products.`,
  endedIsFinal: 'An ended coupon cannot be changed or restarted.',
  nothingToChange: 'Please change at least one field.',
  created: 'Coupon created.',
  saved: 'Saved.',
} as const;
