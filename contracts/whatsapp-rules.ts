import { whatsappCheckoutLabel } from './whatsapp-checkbox';

// docs/product.md#whatsapp: the WhatsApp channel's words, limits and templates, without zod, so the checkout's
// and the profile's chunks can take the checkbox's words at almost no cost; contracts/whatsapp.ts adds schemas.

/**
 * What a shopper's WhatsApp consent may be for: order updates, and marketing (checkout reminders, back-in-stock
 * notices), each given and taken back on its own (docs/product.md#whatsapp-consent).
 */
export const whatsappPurposes = ['order_updates', 'marketing'] as const;
export type WhatsAppPurpose = (typeof whatsappPurposes)[number];

/** How consent was given or taken back: the record of it (docs/product.md#whatsapp-consent). */
export const whatsappConsentSources = ['checkout', 'profile', 'stop_reply', 'opt_out_button'] as const;
export type WhatsAppConsentSource = (typeof whatsappConsentSources)[number];

/** Where a shopper stands: never asked, opted in, opted out in the profile, or stopped from WhatsApp. */
export type WhatsAppConsentStatus = 'never' | 'opted_in' | 'opted_out' | 'stopped';

/**
 * docs/product.md#whatsapp-cod: a COD confirmation sent on WhatsApp and not answered in this many minutes goes
 * again by SMS (and e-mail) with the OTP link, as for a shopper who did not choose WhatsApp.
 */
export const COD_WHATSAPP_FALLBACK_MINUTES = 15;

export const whatsappMessages = {
  checkoutLabel: whatsappCheckoutLabel,
  checkoutHint: 'To your mobile. Reply STOP at any time.',
  profileLabel: 'Order updates on WhatsApp',
  optedIn: (phone: string) => `You get order updates on WhatsApp at ${phone}.`,
  optedOut: 'You get order updates by e-mail or SMS.',
  stopped:
    'You replied STOP on WhatsApp, so order updates come by e-mail or SMS. Tick the box to have them on WhatsApp again.',
  marketingLabel: 'Reminders and offers on WhatsApp',
  marketingOptedIn: (phone: string) =>
    `You get checkout reminders and back-in-stock notices on WhatsApp at ${phone}.`,
  marketingOptedOut: 'Reminders and offers do not come on WhatsApp.',
  marketingStopped:
    'You replied STOP on WhatsApp, so reminders and offers no longer come on WhatsApp. Tick the box to have them there again.',
  noChoice: 'Say which box you changed.',
  saved: 'Saved.',
  noMobile: 'Add your mobile number to your profile first.',
} as const;

/** The quick-reply payloads the shop's templates carry; a COD button's ends with the order's token. */
export const whatsappPayloads = {
  optOut: 'opt_out:order_updates',
  /** The marketing templates' "Stop offers" button: the marketing consent alone is taken back. */
  optOutMarketing: 'opt_out:marketing',
  codConfirmPrefix: 'cod_confirm:',
  codCancelPrefix: 'cod_cancel:',
} as const;

/** Texts a shopper may send to stop updates (Meta asks businesses to honour them). */
export const whatsappStopWords = ['STOP', 'UNSUBSCRIBE'] as const;

export type WhatsAppTemplateCategory = 'utility' | 'marketing';

export interface WhatsAppTemplate {
  name: string;
  category: WhatsAppTemplateCategory;
  language: 'en';
  /** The body as submitted to Meta, its variables {{1}}, {{2}}, … filled in order. */
  body: string;
  /** Quick-reply buttons, in order: their labels (the payload is sent with each message). */
  buttons: readonly string[];
}

/**
 * docs/operations.md#whatsapp-templates: the templates the shop sends, as submitted for approval. A message
 * names one and gives its body's variables; Meta (and the simulator) fills them.
 */
export const whatsappTemplates = {
  order_confirmed: {
    name: 'order_confirmed',
    category: 'utility',
    language: 'en',
    body: 'Your Ottoman Mittens order {{1}} of {{2}} is confirmed. Expected by {{3}}. Details: {{4}}',
    buttons: ['Stop updates'],
  },
  order_shipped: {
    name: 'order_shipped',
    category: 'utility',
    language: 'en',
    body: 'Your Ottoman Mittens order {{1}} has shipped with {{2}}. Track it: {{3}}',
    buttons: ['Stop updates'],
  },
  order_out_for_delivery: {
    name: 'order_out_for_delivery',
    category: 'utility',
    language: 'en',
    body: 'Your Ottoman Mittens order {{1}} is out for delivery and should reach you today. Details: {{2}}',
    buttons: ['Stop updates'],
  },
  order_delivered: {
    name: 'order_delivered',
    category: 'utility',
    language: 'en',
    body: 'Your Ottoman Mittens order {{1}} has been delivered. We hope your skin loves the silk.',
    buttons: ['Stop updates'],
  },
  order_cancelled: {
    name: 'order_cancelled',
    category: 'utility',
    language: 'en',
    body: 'Your Ottoman Mittens order {{1}} is cancelled. Any payment taken is refunded in 6-8 days. Details: {{2}}',
    buttons: ['Stop updates'],
  },
  order_refunded: {
    name: 'order_refunded',
    category: 'utility',
    language: 'en',
    body: 'We have refunded {{1}} for your Ottoman Mittens order {{2}}. It takes 6-8 days to reach your account.',
    buttons: ['Stop updates'],
  },
  order_partially_refunded: {
    name: 'order_partially_refunded',
    category: 'utility',
    language: 'en',
    body: 'We have refunded {{1}} of your Ottoman Mittens order {{2}} to your original payment method ({{3}}). It takes 6-8 days to reach your account.',
    buttons: ['Stop updates'],
  },
  cod_confirm_request: {
    name: 'cod_confirm_request',
    category: 'utility',
    language: 'en',
    body: 'Please confirm your Ottoman Mittens cash-on-delivery order {{1}} of {{2}}. Tap a button below.',
    buttons: ['Confirm order', 'Cancel'],
  },
  cod_unconfirmed_cancelled: {
    name: 'cod_unconfirmed_cancelled',
    category: 'utility',
    language: 'en',
    body: 'Your Ottoman Mittens cash-on-delivery order {{1}} was not confirmed in time and is cancelled. Nothing was charged.',
    buttons: ['Stop updates'],
  },
  return_update: {
    name: 'return_update',
    category: 'utility',
    language: 'en',
    body: 'Your return for Ottoman Mittens order {{1}}: {{2}}. Details: {{3}}',
    buttons: ['Stop updates'],
  },
  // docs/product.md#failed-deliveries: the same words and variables as the SMS of each.
  ndr_raised: {
    name: 'ndr_raised',
    category: 'utility',
    language: 'en',
    body: 'The courier could not deliver your Ottoman Mittens order {{1}} ({{2}}). Choose a new day or cancel by {{3}}: {{4}}',
    buttons: ['Stop updates'],
  },
  ndr_reattempt: {
    name: 'ndr_reattempt',
    category: 'utility',
    language: 'en',
    body: 'The courier will deliver your Ottoman Mittens order {{1}} again on {{2}}. Details: {{3}}',
    buttons: ['Stop updates'],
  },
  ndr_returning: {
    name: 'ndr_returning',
    category: 'utility',
    language: 'en',
    body: 'Your Ottoman Mittens order {{1}} could not be delivered and is coming back to us. Details: {{2}}',
    buttons: ['Stop updates'],
  },
  // Marketing (docs/product.md#winback): sent only with the shopper's marketing consent, within the promotional
  // hours and cap. The link is a body variable; the one button stops offers.
  checkout_reminder: {
    name: 'checkout_reminder',
    category: 'marketing',
    language: 'en',
    body: 'Hello {{1}}, your Ottoman Mittens checkout ({{2}}) is still waiting for you. Pick up where you left off: {{3}}',
    buttons: ['Stop offers'],
  },
  checkout_reminder_code: {
    name: 'checkout_reminder_code',
    category: 'marketing',
    language: 'en',
    body: 'Hello {{1}}, your Ottoman Mittens checkout ({{2}}) is still waiting. Use code {{3}} for a little off: {{4}}',
    buttons: ['Stop offers'],
  },
  back_in_stock: {
    name: 'back_in_stock',
    category: 'marketing',
    language: 'en',
    body: '{{1}} is back in stock at Ottoman Mittens, as you asked. Get yours before it goes: {{2}}',
    buttons: ['Stop offers'],
  },
} as const satisfies Record<string, WhatsAppTemplate>;

export type WhatsAppTemplateName = keyof typeof whatsappTemplates;

/** The body with its variables filled: what the shopper reads. */
export function fillWhatsAppTemplate(body: string, variables: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (whole, index: string) => variables[Number(index) - 1] ?? whole);
}
