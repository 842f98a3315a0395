import { codRupees } from './cod-rules';

// docs/product.md#cod-risk-rules: the owner's COD risk rules, their limits and words, without zod (the checkout's
// chunk may take the words); contracts/cod-risk.ts adds the console's schemas.

/** The risk rules, in the order they take precedence when more than one refuses. */
export const codRiskRules = ['rto_limit', 'pincode_rto_rate', 'first_order_limit', 'below_minimum'] as const;
export type CodRiskRule = (typeof codRiskRules)[number];

/**
 * What a risk rule decides, strictest last: COD as it is, COD with an advance paid online at PLACE ORDER
 * (docs/product.md#part-paid-cod), or online only.
 */
export const codRiskOutcomes = ['cod', 'cod_with_advance', 'online_only'] as const;
export type CodRiskOutcome = (typeof codRiskOutcomes)[number];

/**
 * docs/product.md#part-paid-cod: which COD orders pay an advance: none, those a risk rule asks it of (a pincode
 * with many returns to origin, a first order above the limit), or every COD order.
 */
export const codAdvanceScopes = ['none', 'risky', 'all'] as const;
export type CodAdvanceScope = (typeof codAdvanceScopes)[number];
/** The advance is the order's COD fee, or a fixed amount. */
export const codAdvanceKinds = ['cod_fee', 'fixed'] as const;
export type CodAdvanceKind = (typeof codAdvanceKinds)[number];
/** Razorpay's least payment, ₹1. */
export const MIN_COD_ADVANCE_PAISE = 100;
export const MAX_COD_ADVANCE_PAISE = 100_000;

export const MAX_FIRST_ORDER_LIMIT_PAISE = 10_000_000;
export const MIN_PINCODE_RTO_WINDOW = 5;
export const MAX_PINCODE_RTO_WINDOW = 100;
/** docs/product.md#cod-risk-rules: the refusals kept per IST day (one row a shopper and rule) and for how long. */
export const MAX_COD_RISK_REFUSALS_PER_DAY = 1_000;
export const COD_RISK_REFUSALS_KEPT_DAYS = 90;
/** docs/product.md#cod-risk-rules: a shopper's asks whether COD is offered, per minute; the next is a 429. */
export const ELIGIBILITY_CHECKS_PER_MINUTE = 60;
/** The console's table of pincodes: the highest rates first, at most this many. */
export const MAX_RTO_PINCODES_SHOWN = 50;

export const codRiskMessages = {
  firstOrderLimit: (limitPaise: number) =>
    limitPaise === 0
      ? 'Cash on delivery is available once an earlier order has reached you. Please pay online for your first order.'
      : `On a first order, cash on delivery is available up to ${codRupees(limitPaise)}. Please pay online.`,
  pincodeRtoRate: (pincode: string) =>
    `Cash on delivery is paused for pincode ${pincode}: many cash-on-delivery parcels there came back undelivered. Please pay online.`,
  /** docs/product.md#part-paid-cod: why this COD order asks for an advance. */
  pincodeRtoAdvance: (pincode: string) =>
    `Many cash-on-delivery parcels to pincode ${pincode} came back undelivered, so cash on delivery there needs a small advance paid by UPI.`,
  firstOrderAdvance: (limitPaise: number) =>
    limitPaise === 0
      ? 'A first cash-on-delivery order needs a small advance paid by UPI.'
      : `A first cash-on-delivery order above ${codRupees(limitPaise)} needs a small advance paid by UPI.`,
  everyOrderAdvance: 'Cash-on-delivery orders need a small advance paid by UPI.',
} as const;

/** docs/product.md#part-paid-cod: what checkout says of an advance. */
export const codAdvanceMessages = {
  choice: (advancePaise: number) => `Pay ${codRupees(advancePaise)} now by UPI, the rest in cash on delivery`,
  split: (advancePaise: number, cashPaise: number) =>
    `${codRupees(advancePaise)} now by UPI, ${codRupees(cashPaise)} in cash when it arrives. Paying the advance confirms your order: no OTP needed.`,
  terms:
    'If you cancel before it ships, the advance is refunded. If the parcel is refused at the door, the advance is kept towards the courier charges.',
  placeButton: (advancePaise: number) => `PAY ${codRupees(advancePaise)} ADVANCE`,
  confirmed: (cashPaise: number) =>
    `Your advance is paid and your order is confirmed. Please keep ${codRupees(cashPaise)} ready to pay when it arrives.`,
  advanceDue: 'This order is confirmed when its advance is paid.',
} as const;

export const codRiskSettingsMessages = {
  firstOrderLimitRange: `Please give the first-order COD limit in paise, a whole number from 0 to ${MAX_FIRST_ORDER_LIMIT_PAISE}.`,
  windowRange: `Please give the COD orders looked at per pincode as a whole number from ${MIN_PINCODE_RTO_WINDOW} to ${MAX_PINCODE_RTO_WINDOW}.`,
  minSampleRange:
    'Please give the fewest COD orders before the pincode rule applies as a whole number from 1 up to the orders looked at.',
  thresholdRange: 'Please give the RTO rate as a whole percent from 1 to 100.',
  advanceRange: `Please give the advance in paise, a whole number from ${MIN_COD_ADVANCE_PAISE} to ${MAX_COD_ADVANCE_PAISE}.`,
  saved: 'COD risk rules saved. Checkouts from now on use them.',
} as const;

/** The rules as the console names them. */
export const codRiskRuleLabels: Record<CodRiskRule, string> = {
  rto_limit: "Shopper's RTO limit",
  pincode_rto_rate: 'Pincode RTO rate',
  first_order_limit: 'First-order limit',
  below_minimum: 'Minimum order value',
};

/** What a COD order at a pincode gets, as the console names it. */
export const codRiskOutcomeLabels: Record<CodRiskOutcome, string> = {
  cod: 'Offered',
  cod_with_advance: 'Advance asked',
  online_only: 'Refused: online only',
};
