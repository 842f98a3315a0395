// docs/product.md#complaints: what the contact form says of a complaint. Apart from contracts/messages.ts, which
// the shop's first load carries: only the contact form (a lazy chunk) shows these.

export const complaintTexts = {
  hint: 'We acknowledge a complaint within 48 hours and resolve it within one month. You get a complaint number as soon as you send it.',
  received: (complaintNumber: string) =>
    `Your complaint number is ${complaintNumber}. We will acknowledge it within 48 hours and resolve it within one month. Please quote this number when you write to us about it.`,
} as const;
