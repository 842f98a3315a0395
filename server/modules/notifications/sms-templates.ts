/**
 * The SMS the shop sends besides the OTP (docs/operations.md#sms-templates): Indian operators deliver only
 * DLT-registered templates, so each text is fixed here and in the README, and MSG91 is sent only its variables.
 */
export const orderSmsTemplates = {
  order_confirmed:
    'Ottoman Mittens: your order ##order## of ##amount## is confirmed. Expected by ##date##. Details: ##link##',
  order_shipped: 'Ottoman Mittens: your order ##order## has shipped with ##courier##. Track it: ##link##',
  order_out_for_delivery:
    'Ottoman Mittens: your order ##order## is out for delivery and should reach you today. Details: ##link##',
  order_delivered:
    'Ottoman Mittens: your order ##order## has been delivered. We hope your skin loves the silk.',
  order_cancelled:
    'Ottoman Mittens: your order ##order## is cancelled. Any payment taken is refunded in 6-8 days. Details: ##link##',
  order_refunded:
    'Ottoman Mittens: we have refunded ##amount## for your order ##order##. It takes 6-8 days to reach your account.',
  order_partially_refunded:
    'Ottoman Mittens: we have refunded ##amount## of your order ##order## to your original payment method (##reason##). It takes 6-8 days to reach your account.',
  cod_confirm_request:
    'Ottoman Mittens: please confirm your cash-on-delivery order ##order## of ##amount##: ##link##',
  cod_unconfirmed_cancelled:
    'Ottoman Mittens: your cash-on-delivery order ##order## was not confirmed in time and is cancelled. Nothing was charged.',
  // docs/product.md#returns: each step of a return, its status label as the variable.
  return_update: 'Ottoman Mittens: your return for order ##order##: ##status##. Details: ##link##',
  // docs/product.md#review-requests: the review request to a shopper with no e-mail.
  review_request: 'Ottoman Mittens: how do you find your order ##order##? Rate it in a minute: ##link##',
  // docs/product.md#winback: promotional (DLT category "promotional"), sent only 9 am-9 pm IST, each with its
  // opt-out link.
  checkout_reminder:
    'Ottoman Mittens: your cart is waiting. Complete your order: ##link## No more reminders: ##optout##',
  checkout_reminder_code:
    'Ottoman Mittens: your cart is waiting, and code ##code## takes money off it: ##link## No more reminders: ##optout##',
  back_in_stock: 'Ottoman Mittens: ##product## is back in stock, as you asked. Order it: ##link##',
  // docs/product.md#failed-deliveries: a failed delivery, the day it comes again, or its way back to us.
  ndr_raised:
    'Ottoman Mittens: the courier could not deliver your order ##order## (##reason##). Choose a new day or cancel by ##date##: ##link##',
  ndr_reattempt:
    'Ottoman Mittens: the courier will deliver your order ##order## again on ##date##. Details: ##link##',
  ndr_returning:
    'Ottoman Mittens: your order ##order## could not be delivered and is coming back to us. Details: ##link##',
} as const;

export type OrderSmsTemplate = keyof typeof orderSmsTemplates;
export type SmsTemplate = 'otp' | OrderSmsTemplate;

/** The template's text with its `##name##` variables filled: what the shopper reads. */
export function fillSmsTemplate(template: OrderSmsTemplate, variables: Record<string, string>): string {
  return orderSmsTemplates[template].replace(/##(\w+)##/g, (_, name: string) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`SMS template ${template} needs ##${name}##`);
    return value;
  });
}
