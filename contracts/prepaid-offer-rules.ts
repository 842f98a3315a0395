import { percentOfPaise, shareInProportion } from './allocation';
import { MIN_ORDER_TOTAL_PAISE } from './coupon-rules';
import { PREPAID_OFFER_LABEL, prepaidOfferSaving } from './prepaid-offer-words';

// docs/product.md#prepaid-offer: the owner's discount for paying online, its messages and its arithmetic, without
// zod; contracts/prepaid-offer.ts adds the request and reply schemas, contracts/prepaid-offer-words.ts has the
// shopper's words.

export const prepaidOfferKinds = ['percent', 'flat'] as const;
export type PrepaidOfferKind = (typeof prepaidOfferKinds)[number];

export const MAX_PREPAID_PERCENT = 50;
/** ₹1,000: the most a flat offer, or a percent offer's cap, may take off. */
export const MAX_PREPAID_OFF_PAISE = 100_000;

/** The owner's terms; money in paise. */
export interface PrepaidOfferTerms {
  enabled: boolean;
  kind: PrepaidOfferKind;
  /** Percent off (1 to 50), for a percent offer. */
  percentOff: number | null;
  /** Amount off, for a flat offer. */
  amountOffPaise: number | null;
  /** The most a percent offer takes off. */
  maxDiscountPaise: number | null;
}

export const PREPAID_OFFER_OFF: PrepaidOfferTerms = {
  enabled: false,
  kind: 'percent',
  percentOff: null,
  amountOffPaise: null,
  maxDiscountPaise: null,
};

export const prepaidOfferMessages = {
  label: PREPAID_OFFER_LABEL,
  save: prepaidOfferSaving,
  percentRange: `Please give the prepaid offer's percentage as a whole number from 1 to ${MAX_PREPAID_PERCENT}.`,
  capRange: `Please give the most the prepaid offer may take off, in paise, a whole number from 100 to ${MAX_PREPAID_OFF_PAISE}.`,
  amountRange: `Please give the prepaid offer's amount off, in paise, a whole number from 100 to ${MAX_PREPAID_OFF_PAISE}.`,
  kindChoice: 'Please choose a percentage or a flat amount for the prepaid offer.',
  saved: 'Prepaid offer saved. Checkouts from now on use it.',
} as const;

/** A line as the offer sees it: what is left to pay for it after its share of the code's discount. */
export interface PrepaidOfferLine {
  valuePaise: number;
}

export interface PrepaidOfferDiscount {
  /** Off the goods; 0 when the offer is off or has no room. */
  discountPaise: number;
  /** Each line's part of it, in the lines' order. */
  sharesPaise: number[];
}

/**
 * docs/product.md#prepaid-offer: what paying online takes off an order. It comes after the code: on the goods
 * left to pay once the code's discount is off (`lines`, each after its share of the code), a percent of it at
 * most the cap, or the flat amount at most that value; the order keeps at least 100 paise to charge
 * (`chargedPaise`, what it charges with the code and shipping, before the offer). Shared among the lines in
 * proportion to what is left on each, by the one split of an order-level amount.
 */
export function evaluatePrepaidOffer(
  terms: PrepaidOfferTerms,
  lines: readonly PrepaidOfferLine[],
  chargedPaise: number,
): PrepaidOfferDiscount {
  const weights = lines.map((line) => Math.max(0, line.valuePaise));
  const value = weights.reduce((sum, weight) => sum + weight, 0);
  let discount = 0;
  if (terms.enabled && terms.kind === 'percent') {
    discount = percentOfPaise(value, terms.percentOff ?? 0);
    if (terms.maxDiscountPaise !== null) discount = Math.min(discount, terms.maxDiscountPaise);
  } else if (terms.enabled && terms.kind === 'flat') {
    discount = terms.amountOffPaise ?? 0;
  }
  discount = Math.max(0, Math.min(discount, value, chargedPaise - MIN_ORDER_TOTAL_PAISE));
  return { discountPaise: discount, sharesPaise: shareInProportion(discount, weights) };
}
