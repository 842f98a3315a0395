import { z } from 'zod';
import {
  codRefusalReasons,
  codSettingsMessages,
  MAX_COD_CONFIRM_HOURS,
  MAX_COD_FEE_PAISE,
  MAX_COD_HOLD_MINUTES,
  MAX_COD_ORDER_PAISE,
  MAX_COD_RTO_LIMIT,
  MAX_COD_VELOCITY_HOURS,
  MAX_COD_VELOCITY_ORDERS,
  MIN_COD_CONFIRM_HOURS,
  MIN_COD_HOLD_MINUTES,
} from './cod-rules';

export * from './cod-rules';

// Cash on delivery, the order side (docs/product.md#cash-on-delivery): the owner's settings, when checkout
// offers it and why not, placing and confirming a COD order, and every message of it.

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const CodSettingsBodySchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    feePaise: wholeNumber(codSettingsMessages.feeRange, 0, MAX_COD_FEE_PAISE).describe(
      'The COD fee charged to the shopper, GST included, in paise',
    ),
    minOrderPaise: wholeNumber(codSettingsMessages.minRange, 0, MAX_COD_ORDER_PAISE).describe(
      'The least order value (total before the COD fee) COD is offered for, in paise',
    ),
    maxOrderPaise: wholeNumber(codSettingsMessages.maxRange, 100, MAX_COD_ORDER_PAISE).describe(
      'The most order value (total before the COD fee) COD is offered for, in paise',
    ),
    rtoLimit: wholeNumber(codSettingsMessages.rtoLimitRange, 0, MAX_COD_RTO_LIMIT).describe(
      'COD orders returned to origin a shopper may have had and still be offered COD',
    ),
    confirmHours: wholeNumber(
      codSettingsMessages.confirmHoursRange,
      MIN_COD_CONFIRM_HOURS,
      MAX_COD_CONFIRM_HOURS,
    ).describe('Hours a COD order waits for its confirmation before it is cancelled'),
    // The abuse limits of issue 42 (docs/architecture.md#security); a client that does not send them keeps them.
    holdMinutes: wholeNumber(codSettingsMessages.holdMinutesRange, MIN_COD_HOLD_MINUTES, MAX_COD_HOLD_MINUTES)
      .optional()
      .describe('Minutes an unconfirmed COD order holds its units back from other checkouts'),
    velocityOrders: wholeNumber(codSettingsMessages.velocityOrdersRange, 1, MAX_COD_VELOCITY_ORDERS)
      .optional()
      .describe('COD orders one shopper or one mobile may place in the period before the owner is alerted'),
    velocityHours: wholeNumber(codSettingsMessages.velocityHoursRange, 1, MAX_COD_VELOCITY_HOURS)
      .optional()
      .describe('The period, in hours, over which COD orders are counted for the alert'),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.maxOrderPaise < body.minOrderPaise) {
      context.addIssue({ code: 'custom', path: ['maxOrderPaise'], message: codSettingsMessages.maxBelowMin });
    }
  });
export type CodSettingsBody = z.infer<typeof CodSettingsBodySchema>;

export const CodSettingsSchema = z
  .object({
    enabled: z.boolean(),
    feePaise: z.number().int(),
    minOrderPaise: z.number().int(),
    maxOrderPaise: z.number().int(),
    rtoLimit: z.number().int(),
    confirmHours: z.number().int(),
    holdMinutes: z.number().int(),
    velocityOrders: z.number().int(),
    velocityHours: z.number().int(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable().describe('The member of staff who last saved them'),
  })
  .meta({ id: 'CodSettings' });
export type CodSettings = z.infer<typeof CodSettingsSchema>;

export const CodSettingsReplySchema = z.object({
  message: z.string().optional(),
  settings: CodSettingsSchema,
});
export type CodSettingsReply = z.infer<typeof CodSettingsReplySchema>;

export const CodRefusalSchema = z.object({
  reason: z.enum(codRefusalReasons),
  message: z.string(),
});
export type CodRefusal = z.infer<typeof CodRefusalSchema>;

export const CodEligibilitySchema = z
  .object({
    enabled: z.boolean().describe('The shop offers COD at all'),
    offered: z.boolean().describe('COD may be chosen for this cart and address'),
    feePaise: z.number().int().describe('The COD fee, GST included'),
    onlineTotalPaise: z
      .number()
      .int()
      .describe(
        "What paying online costs: the order's total less the prepaid offer (what create-order charges)",
      ),
    prepaidOfferPaise: z
      .number()
      .int()
      .describe(
        'What the prepaid offer takes off when paying online (docs/product.md#prepaid-offer); 0 without one',
      ),
    codTotalPaise: z
      .number()
      .int()
      .describe("What COD costs: the order's total (no prepaid offer) plus the fee"),
    refusals: z.array(CodRefusalSchema).describe('Every reason COD is not offered, in the order checked'),
    advancePaise: z
      .number()
      .int()
      .describe(
        'docs/product.md#part-paid-cod: what a COD order pays online at PLACE ORDER (part of codTotalPaise); 0: none',
      ),
    advanceReason: z.string().nullable().describe('Why this COD order asks for an advance; null without one'),
    codCashPaise: z
      .number()
      .int()
      .describe('What the courier collects in cash: codTotalPaise less the advance paid at PLACE ORDER'),
  })
  .meta({ id: 'CodEligibility' });
export type CodEligibility = z.infer<typeof CodEligibilitySchema>;

export const PlaceCodOrderBodySchema = z
  .object({
    expectedAmountPaise: z.number().int().positive().optional().describe('The COD total the page showed'),
    whatsappUpdates: z
      .boolean()
      .optional()
      .describe('docs/product.md#whatsapp-consent: order updates (and this confirmation) on WhatsApp'),
  })
  .strict();

/** docs/product.md#part-paid-cod: the Razorpay order the advance is paid through, as Checkout opens it. */
export const CodAdvancePaymentSchema = z.object({
  id: z.string().describe('The Razorpay order id'),
  key: z.string().describe('The Razorpay key id Checkout opens with'),
  amount: z.number().int().describe('The advance, in paise'),
  currency: z.literal('INR'),
  cashPaise: z.number().int().describe('What the courier collects: the total less the advance'),
});
export type CodAdvancePayment = z.infer<typeof CodAdvancePaymentSchema>;

export const PlacedCodOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  totalPaise: z.number().int(),
  advance: CodAdvancePaymentSchema.nullable().describe(
    'The advance to pay now, which confirms the order (no OTP is sent); null: confirm by OTP',
  ),
  otpSent: z.boolean(),
  message: z.string(),
  confirmBy: z.string().describe('When the order is cancelled if not confirmed'),
  replacedOrderNumbers: z
    .array(z.string())
    .describe("The shopper's earlier orders awaiting confirmation this one replaced (cancelled)"),
  replacedMessage: z.string().nullable().describe('What the checkout says of them; null when none'),
});
export type PlacedCodOrder = z.infer<typeof PlacedCodOrderSchema>;

export const ConfirmCodOrderBodySchema = z
  .object({
    orderId: z.string().max(64),
    otp: z
      .string()
      .trim()
      .regex(/^[0-9]{6}$/, 'Please enter the 6-digit OTP.'),
  })
  .strict();

export const ResendCodOtpBodySchema = z.object({ orderId: z.string().max(64) }).strict();

export const ConfirmCodLinkBodySchema = z.object({ token: z.string().min(1).max(200) }).strict();

export const CodConfirmedSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  message: z.string(),
});
export type CodConfirmed = z.infer<typeof CodConfirmedSchema>;
