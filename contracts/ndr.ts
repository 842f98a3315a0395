import { z } from 'zod';
import {
  type AdminNdrRow,
  NDR_ADDRESS_LINE_MAX_LENGTH,
  NDR_NOTE_MAX_LENGTH,
  type NdrRates,
  type NdrView,
  ndrActions,
  ndrDeciders,
  ndrMessages,
  ndrQueueStates,
  ndrReasons,
  ndrStatuses,
} from './ndr-rules';
import { normalizeIndianPhone } from './phone';

export * from './ndr-rules';

// docs/product.md#failed-deliveries: the HTTP shapes the server checks, and the words of the shopper's messages.

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

const ReattemptSchema = z.object({
  action: z.literal('reattempt'),
  date: z.string({ error: ndrMessages.dateNotOffered }).regex(isoDay, ndrMessages.dateNotOffered),
  phone: z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === '') return undefined;
      const normalized = normalizeIndianPhone(value);
      if (!normalized.ok) {
        context.addIssue({ code: 'custom', message: normalized.message });
        return z.NEVER;
      }
      return normalized.phone;
    })
    .optional(),
  addressLine: z
    .string()
    .trim()
    .max(NDR_ADDRESS_LINE_MAX_LENGTH, ndrMessages.addressLineTooLong)
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
});

/** POST …/delivery-issue/choice: deliver again on a day offered (a phone, a landmark), or cancel. */
export const NdrChoiceSchema = z
  .discriminatedUnion('action', [ReattemptSchema, z.object({ action: z.literal('return') })])
  .meta({ id: 'NdrChoice' });

/** POST /api/admin/ndr/:id/action: the choice made for the shopper on a call, and what was agreed. */
export const AdminNdrActionSchema = z
  .discriminatedUnion('action', [
    ReattemptSchema.extend({ note: noteSchema() }),
    z.object({ action: z.literal('return'), note: noteSchema() }),
  ])
  .meta({ id: 'AdminNdrAction' });

function noteSchema() {
  return z
    .string({ error: ndrMessages.noteRequired })
    .trim()
    .min(1, ndrMessages.noteRequired)
    .max(NDR_NOTE_MAX_LENGTH, ndrMessages.noteRequired);
}

const NdrChoiceViewSchema = z.object({
  action: z.enum(ndrActions),
  date: z.string().nullable(),
  phone: z.string().nullable(),
  addressLine: z.string().nullable(),
  by: z.enum(ndrDeciders),
  at: z.string(),
});

export const NdrViewSchema = z
  .object({
    orderId: z.string(),
    orderNumber: z.string(),
    paymentMethod: z.enum(['cod', 'online']),
    reason: z.enum(ndrReasons),
    courierRemark: z.string().nullable(),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    attemptedAt: z.string(),
    respondBy: z.string(),
    status: z.enum(ndrStatuses),
    choice: NdrChoiceViewSchema.nullable(),
    dates: z.array(z.string()),
    phone: z.string(),
    address: z.object({ line: z.string(), city: z.string(), state: z.string(), pincode: z.string() }),
    canChoose: z.boolean(),
  })
  .meta({ id: 'NdrView' }) satisfies z.ZodType<NdrView>;

export const AdminNdrRowSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    customerName: z.string(),
    phone: z.string(),
    awb: z.string(),
    courierName: z.string().nullable(),
    pincode: z.string(),
    paymentMethod: z.enum(['cod', 'online']),
    reason: z.enum(ndrReasons),
    courierRemark: z.string().nullable(),
    attempts: z.number().int(),
    raisedAt: z.string(),
    respondBy: z.string(),
    status: z.enum(ndrStatuses),
    choice: NdrChoiceViewSchema.nullable(),
    sentToCourierAt: z.string().nullable(),
  })
  .meta({ id: 'AdminNdrRow' }) satisfies z.ZodType<AdminNdrRow>;

export const AdminNdrQueueSchema = z.object({ reports: z.array(AdminNdrRowSchema) });

export const NdrQueueQuerySchema = z.object({
  state: z.enum(ndrQueueStates, { error: 'state must be open or closed' }).default('open'),
});

export const NDR_RATES_MAX_DAYS = 365;
export const NdrRatesQuerySchema = z.object({
  days: z.coerce
    .number({ error: `days must be a whole number from 1 to ${NDR_RATES_MAX_DAYS}` })
    .int(`days must be a whole number from 1 to ${NDR_RATES_MAX_DAYS}`)
    .min(1, `days must be a whole number from 1 to ${NDR_RATES_MAX_DAYS}`)
    .max(NDR_RATES_MAX_DAYS, `days must be a whole number from 1 to ${NDR_RATES_MAX_DAYS}`)
    .default(30),
});

const NdrRateSchema = z.object({
  key: z.string(),
  shipments: z.number().int(),
  ndrs: z.number().int(),
  rtos: z.number().int(),
  ndrRate: z.number().nullable(),
  rtoRate: z.number().nullable(),
});

export const NdrRatesSchema = z
  .object({ days: z.number().int(), byCourier: z.array(NdrRateSchema), byPincode: z.array(NdrRateSchema) })
  .meta({ id: 'NdrRates' }) satisfies z.ZodType<NdrRates>;

/** The shopper's messages about a failed delivery (docs/product.md#failed-deliveries). */
export const ndrMessageKinds = ['ndr_raised', 'ndr_reattempt', 'ndr_returning'] as const;
export type NdrMessageKind = (typeof ndrMessageKinds)[number];

/**
 * `{order}`, `{reason}`, `{attempt}`, `{date}`, `{respondBy}` and `{outcome}` (what the parcel's return means for the
 * order and its money) are filled in; the link follows the text.
 */
/** A COD parcel the default sent back (nobody chose): the order is returned to origin, not cancelled. */
export const NDR_COD_RETURNED_OUTCOME = 'Nothing is owed for it.';

export const ndrMessageTexts: Record<NdrMessageKind, { subject: string; text: string }> = {
  ndr_raised: {
    subject: 'We could not deliver your order',
    text:
      'The courier tried to deliver your order {order} (attempt {attempt}) but could not: {reason}. ' +
      'Tell us by {respondBy} whether to deliver again on a day you choose, with a new phone number or a ' +
      'landmark if that helps, or to cancel the order. Without an answer the courier tries once more.',
  },
  ndr_reattempt: {
    subject: 'We will deliver your order again',
    text: 'The courier will deliver your order {order} again on {date}.',
  },
  ndr_returning: {
    subject: 'Your order is coming back to us',
    text: 'The parcel of your order {order} is coming back to us. {outcome}',
  },
};
