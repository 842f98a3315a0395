import { codRupees } from './cod-rules';

// docs/product.md#prepaid-offer: the offer's words on the shopper's pages, in a module of their own so the
// checkout's chunk takes only these (the rules and the console's messages are contracts/prepaid-offer-rules.ts).

/** The order's line, on every page, message, CSV and document that names the discounts. */
export const PREPAID_OFFER_LABEL = 'Prepaid offer';

/** Beside the payment choice at checkout: whole rupees unless there are paise, as COD's amounts. */
export function prepaidOfferSaving(paise: number): string {
  return `Pay online and save ${codRupees(paise)}`;
}
