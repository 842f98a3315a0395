import { formatRupees, formatRupeesExact } from './format';

// Cash on delivery's rules and words without zod (docs/product.md#cash-on-delivery): the checkout's chunk
// imports these; contracts/cod.ts adds the request and reply schemas.

/** Paise shown as the shop shows money: whole rupees unless there are paise. */
export function codRupees(paise: number): string {
  return paise % 100 === 0 ? formatRupees(paise / 100) : formatRupeesExact(paise / 100);
}

export const MAX_COD_FEE_PAISE = 100_000;
export const MAX_COD_ORDER_PAISE = 10_000_000;
export const MAX_COD_RTO_LIMIT = 20;
export const MIN_COD_CONFIRM_HOURS = 1;
export const MAX_COD_CONFIRM_HOURS = 72;
/** docs/product.md#cod-settings: how long an unconfirmed COD order holds its units, as a checkout does. */
export const MIN_COD_HOLD_MINUTES = 5;
export const MAX_COD_HOLD_MINUTES = 240;
/** docs/product.md#cod-settings: COD orders one shopper or mobile may place in the period before an alert. */
export const MAX_COD_VELOCITY_ORDERS = 50;
export const MAX_COD_VELOCITY_HOURS = 168;

export const codSettingsMessages = {
  feeRange: `Please give the COD fee in paise, a whole number from 0 to ${MAX_COD_FEE_PAISE}.`,
  minRange: `Please give the minimum order value in paise, a whole number from 0 to ${MAX_COD_ORDER_PAISE}.`,
  maxRange: `Please give the maximum order value in paise, a whole number from 100 to ${MAX_COD_ORDER_PAISE}.`,
  maxBelowMin: 'The maximum order value must not be below the minimum.',
  rtoLimitRange: `Please give the RTO limit as a whole number from 0 to ${MAX_COD_RTO_LIMIT}.`,
  confirmHoursRange: `Please give the hours to confirm as a whole number from ${MIN_COD_CONFIRM_HOURS} to ${MAX_COD_CONFIRM_HOURS}.`,
  holdMinutesRange: `Please give the minutes an unconfirmed order holds its items as a whole number from ${MIN_COD_HOLD_MINUTES} to ${MAX_COD_HOLD_MINUTES}.`,
  velocityOrdersRange: `Please give the COD orders allowed before an alert as a whole number from 1 to ${MAX_COD_VELOCITY_ORDERS}.`,
  velocityHoursRange: `Please give the alert's period in hours as a whole number from 1 to ${MAX_COD_VELOCITY_HOURS}.`,
  saved: 'Cash on delivery settings saved. Checkouts from now on use them.',
} as const;

/** Why checkout does not offer COD, in the order they are checked. */
export const codRefusalReasons = [
  'disabled',
  'pincode',
  'serviceability_unknown',
  'above_maximum',
  'product',
  // docs/product.md#cod-risk-rules: the risk rules; only the one that applies is listed.
  'rto_limit',
  'pincode_rto_rate',
  'first_order_limit',
  'below_minimum',
  'mobile_unverified',
] as const;
export type CodRefusalReason = (typeof codRefusalReasons)[number];

export const codMessages = {
  payOnline: 'Pay online (UPI, cards)',
  cashOnDelivery: 'Cash on delivery',
  feeLine: 'Cash on delivery fee',
  nudge: (feePaise: number) => `Save ${codRupees(feePaise)} by paying online`,
  disabled: 'Cash on delivery is not offered at the moment.',
  pincode: (pincode: string) => `Cash on delivery is not available at pincode ${pincode}. Please pay online.`,
  serviceabilityUnknown:
    'We could not check cash on delivery for your pincode just now. Please pay online, or try again in a minute.',
  belowMinimum: (minPaise: number) =>
    `Cash on delivery is available on orders of ${codRupees(minPaise)} or more.`,
  aboveMaximum: (maxPaise: number) =>
    `Cash on delivery is available on orders up to ${codRupees(maxPaise)}. Please pay online.`,
  product: (titles: readonly string[]) =>
    titles.length === 1
      ? `${titles[0]} cannot be paid cash on delivery. Please pay online.`
      : `${titles.join(', ')} cannot be paid cash on delivery. Please pay online.`,
  rtoLimit:
    'Cash on delivery is not available on this account because earlier cash-on-delivery orders were returned. Please pay online.',
  mobileUnverified: 'Please verify your mobile number in your profile to pay cash on delivery.',
  notOffered: 'Cash on delivery is not available for this order.',
  otpSent: (maskedPhone: string) =>
    `We have sent an OTP to ${maskedPhone}. Type it below to confirm your order.`,
  otpNotSent:
    'We could not send the OTP just now. Use the link we sent you, or ask for a new OTP in a minute.',
  confirmBy: (hours: number) =>
    `Please confirm within ${hours} hours; an order not confirmed by then is cancelled.`,
  confirmed: (totalPaise: number) =>
    `Your order is confirmed. Please keep ${codRupees(totalPaise)} ready to pay when it arrives.`,
  notAwaiting: 'This order is no longer waiting for confirmation.',
  replaced: (orderNumbers: readonly string[]) =>
    orderNumbers.length === 1
      ? `Your earlier order ${orderNumbers[0]}, not yet confirmed, is cancelled: this order takes its place.`
      : `Your earlier orders ${orderNumbers.join(', ')}, not yet confirmed, are cancelled: this order takes their place.`,
  linkInvalid: 'This confirmation link is not valid, or has been used already.',
  confirmedByStaff: 'Order confirmed after a call with the shopper.',
  notCod: 'This is not a cash-on-delivery order.',
} as const;

/** The page a confirm link opens (web/lib/paths.ts). */
export function codConfirmLinkPath(token: string): string {
  return `/cod/confirm?token=${encodeURIComponent(token)}`;
}

/** "98765 43210" as "******3210": the mobile an OTP went to, shown without giving it away. */
export function maskedPhone(phone: string): string {
  return phone.length <= 4 ? phone : `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}`;
}
