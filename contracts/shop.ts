// The brand's own details. Its contact details, seller and address are the owner's settings, not these
// (docs/product.md#seller-and-grievance-officer).

export const shop = {
  name: 'Ottoman Mittens',
  brand: 'Ottoman',
  pickupPincode: '110001',
  social: {
    instagram: 'https://www.instagram.com/ottomanmittens',
    facebook: 'https://www.facebook.com/ottomanmittens',
  },
  /** docs/product.md#policies: the day each policy's text last changed (ISO), shown on its page and in the sitemap. */
  policiesLastUpdated: {
    '/terms-and-conditions': '2026-12-07',
    '/privacy-policy': '2026-12-07',
    '/cancellation-refund': '2026-12-07',
    '/shipping-delivery': '2026-12-07',
  } as Readonly<Record<string, string>>,
  /**
   * docs/product.md#reply-and-dispatch-times: how soon the care team answers a message, the one number the home page,
   * the policies and the contact auto-reply state.
   */
  replyWorkingDays: 2,
} as const;

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

function count(n: number, unit: string): string {
  return `${NUMBER_WORDS[n] ?? String(n)} ${unit}${n === 1 ? '' : 's'}`;
}

/** "within two working days": the care team's reply time. */
export function replyTimeText(): string {
  return `within ${count(shop.replyWorkingDays, 'working day')}`;
}

/**
 * "within two days of payment": the dispatch time, from the owner's setting (docs/product.md#seller-settings), the
 * same days the delivery promise at checkout counts (calendar days).
 */
export function dispatchTimeText(dispatchDays: number): string {
  return dispatchDays === 0 ? 'on the day of payment' : `within ${count(dispatchDays, 'day')} of payment`;
}

const lastUpdatedFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "27 November 2026" for a policy's ISO date. */
export function formatPolicyDate(isoDate: string): string {
  return lastUpdatedFormat.format(new Date(`${isoDate}T00:00:00Z`));
}
