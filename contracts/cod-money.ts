import { z } from 'zod';

// docs/product.md#cod-remittances and #cod-refunds: the money side of cash on delivery in the console: the
// courier's remittances matched to orders, and refunds of COD orders (to a UPI ID, or paid another way).

export const codMoneyMessages = {
  orderNotFound: 'We could not find that order.',
  notCod: 'This order was not paid cash on delivery; refund it from its payment instead.',
  notCollected: 'The courier has not collected the cash for this order yet, so there is nothing to refund.',
  exceedsRefundable: (left: string) => `You can refund at most ${left} on this order.`,
  nothingLeft: 'This order has been refunded in full already.',
  payoutsNotConfigured:
    'Refunds to a UPI ID are not set up: RazorpayX is not configured. Record the refund paid another way instead.',
  payoutRefused: (reason: string) => `RazorpayX refused the payout: ${reason} Nothing was paid.`,
  payoutUnavailable: 'RazorpayX could not be reached. Nothing was paid; please try again in a minute.',
  payoutKeyReused: 'This Idempotency-Key was used for a different refund. Please use a new one.',
  payoutStarted: (amount: string, vpa: string) => `${amount} is being paid to ${vpa}.`,
  payoutSettled: (amount: string, vpa: string) => `${amount} was paid to ${vpa}.`,
  payoutFailed: (amount: string, vpa: string) =>
    `The payout of ${amount} to ${vpa} failed. Check the UPI ID with the shopper and try again.`,
  payoutRepeated: 'This refund was asked for already; nothing more was paid.',
  paidElsewhereRecorded: (amount: string) => `${amount} is recorded as refunded another way.`,
  idempotencyKeyRequired:
    'Please send an Idempotency-Key header (10 to 64 letters, digits, - or _) so that a repeated request refunds once.',
  vpaInvalid: 'Please enter a UPI ID like name@bank.',
  amountTooSmall: 'Please refund at least ₹1.',
  reasonRequired: 'Please give a reason for the refund.',
  howRequired: 'Please say how the refund was paid.',
  fileRequired: 'Please choose the remittance file (CSV) exported from Shiprocket.',
  fileTooLarge: 'The remittance file is too large: please export at most a few thousand rows at a time.',
  imported: (remittances: number, lines: number) =>
    `${remittances} remittance${remittances === 1 ? '' : 's'} imported with ${lines} parcel${lines === 1 ? '' : 's'}.`,
  importedNothingNew: 'These remittances were imported before: nothing changed.',
  importQueued: (lines: number) =>
    `The file is being imported (${lines} parcel${lines === 1 ? '' : 's'}): its progress is shown below.`,
  importOfSameFile: 'This file was uploaded before: its import is shown below.',
  importNotFound: 'We could not find that import.',
  importWillRetry: (error: string) => `Stopped (${error}): it will be tried again in a moment.`,
  simulatorOff: 'The Shiprocket simulator is off: import the file exported from Shiprocket instead.',
  simulatorNothingDue: 'No delivered cash-on-delivery parcel is waiting for a remittance.',
  mismatchNotFound: 'We could not find that remittance line.',
  mismatchChecked: 'The mismatch is marked as checked.',
  mismatchCheckedBefore: 'This mismatch was marked as checked already.',
  notAMismatch: 'This remittance line matched its order: there is nothing to check.',
} as const;

/** A UPI ID (VPA): "name@bank", as NPCI allows it: letters, digits, dot, hyphen, underscore; a bank handle. */
export const VPA_PATTERN = /^[A-Za-z0-9._-]{1,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;

export const refundPaidElsewhereWays = ['cash', 'bank_transfer', 'upi', 'store_credit', 'other'] as const;
export type RefundPaidElsewhereWay = (typeof refundPaidElsewhereWays)[number];

export const refundPaidElsewhereWayLabels: Record<RefundPaidElsewhereWay, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  upi: 'UPI, paid outside the shop',
  store_credit: 'Store credit',
  other: 'Other',
};

/** How the shopper's message says a refund paid another way reached them (docs/product.md#partial-refund-message). */
export const refundPaidElsewhereWayWords: Record<RefundPaidElsewhereWay, string> = {
  cash: 'in cash',
  bank_transfer: 'by bank transfer',
  upi: 'by UPI',
  store_credit: 'as store credit',
  other: 'another way, as agreed with you',
};

const amountPaise = z
  .number({ error: codMoneyMessages.amountTooSmall })
  .int()
  .min(100, codMoneyMessages.amountTooSmall)
  .max(100_000_000);

export const CodPayoutBodySchema = z.object({
  amountPaise,
  vpa: z
    .string({ error: codMoneyMessages.vpaInvalid })
    .trim()
    .regex(VPA_PATTERN, codMoneyMessages.vpaInvalid)
    .describe("The shopper's UPI ID, name@bank"),
  reason: z
    .string({ error: codMoneyMessages.reasonRequired })
    .trim()
    .min(3, codMoneyMessages.reasonRequired)
    .max(500),
});
export type CodPayoutBody = z.infer<typeof CodPayoutBodySchema>;

export const CodPaidElsewhereBodySchema = z.object({
  amountPaise,
  how: z.enum(refundPaidElsewhereWays, { error: codMoneyMessages.howRequired }),
  note: z.string().trim().max(500).default(''),
});
export type CodPaidElsewhereBody = z.infer<typeof CodPaidElsewhereBodySchema>;

/** RazorpayX's payout statuses, as our payout rows keep them. */
export const codPayoutStatuses = [
  'queued',
  'pending',
  'processing',
  'processed',
  'reversed',
  'failed',
  'rejected',
  'cancelled',
] as const;
export type CodPayoutStatus = (typeof codPayoutStatuses)[number];

export const CodPayoutSchema = z.object({
  id: z.string(),
  razorpayPayoutId: z.string().nullable(),
  amountPaise: z.number().int(),
  vpa: z.string(),
  reason: z.string(),
  status: z.enum(codPayoutStatuses),
  utr: z.string().nullable(),
  failure: z.string().nullable().describe("RazorpayX's reason, when it failed"),
  createdAt: z.string(),
});

export const CodPaidElsewhereSchema = z.object({
  id: z.string(),
  amountPaise: z.number().int(),
  how: z.enum(refundPaidElsewhereWays),
  note: z.string(),
  staffName: z.string().nullable(),
  createdAt: z.string(),
});

/** A COD order's cash: what the courier collected, what went back, and what may still go back. */
export const CodOrderMoneySchema = z.object({
  orderId: z.string(),
  cod: z.boolean(),
  collectedPaise: z.number().int().describe('The amount the courier collected; 0 until delivery'),
  refundedPaise: z.number().int().describe('Payouts processed or under way, and refunds paid another way'),
  refundablePaise: z.number().int(),
  payoutsConfigured: z.boolean(),
  remittance: z
    .object({ utr: z.string(), remittedOn: z.string(), remittedPaise: z.number().int() })
    .nullable()
    .describe("Shiprocket's remittance of its cash, once imported"),
  payouts: z.array(CodPayoutSchema),
  paidElsewhere: z.array(CodPaidElsewhereSchema),
});
export type CodOrderMoney = z.infer<typeof CodOrderMoneySchema>;

export const CodRefundReplySchema = z.object({ message: z.string(), money: CodOrderMoneySchema });
export type CodRefundReply = z.infer<typeof CodRefundReplySchema>;

export const remittanceMismatchKinds = ['unknown_order', 'not_cod', 'short', 'over', 'duplicate'] as const;
export type RemittanceMismatchKind = (typeof remittanceMismatchKinds)[number];

export const remittanceMismatchText: Record<RemittanceMismatchKind, string> = {
  unknown_order: 'No order of ours has this AWB or order id.',
  not_cod: 'The order was paid online, not cash on delivery.',
  short: 'Remitted less than the amount to collect.',
  over: 'Remitted more than the amount to collect.',
  duplicate: "The order's cash was remitted before, in another remittance.",
};

const orderRef = {
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
};

export const CodDueOrderSchema = z.object({
  ...orderRef,
  orderId: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  amountPaise: z.number().int(),
  deliveredAt: z.string().nullable(),
  awb: z.string().nullable(),
  overdue: z.boolean(),
});

export const RemittanceLineSchema = z.object({
  ...orderRef,
  id: z.string(),
  line: z.number().int(),
  awb: z.string(),
  fileOrderId: z.string().describe('The order id as the file gives it'),
  codAmountPaise: z.number().int(),
  remittedAmountPaise: z.number().int(),
  expectedPaise: z.number().int().nullable().describe("The order's amount to collect"),
  mismatch: z.enum(remittanceMismatchKinds).nullable(),
});

export const RemittanceSchema = z.object({
  id: z.string(),
  reference: z.string().describe("Shiprocket's CRF ID, else the UTR"),
  utr: z.string(),
  remittedOn: z.string(),
  amountPaise: z.number().int(),
  orders: z.number().int(),
  mismatches: z.number().int(),
  importedAt: z.string(),
  lines: z.array(RemittanceLineSchema),
});

/** docs/product.md#cod-remittances: a remittance file's import, run in the background. */
export const remittanceImportStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type RemittanceImportStatus = (typeof remittanceImportStatuses)[number];

export const remittanceImportStatusLabels: Record<RemittanceImportStatus, string> = {
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Imported',
  failed: 'Failed',
};

export const RemittanceImportSchema = z
  .object({
    id: z.string(),
    status: z.enum(remittanceImportStatuses),
    statusLabel: z.string(),
    source: z.enum(['file', 'simulator']),
    linesTotal: z.number().int().describe("The file's parcels"),
    linesDone: z.number().int().describe('Parcels imported so far, or found imported before'),
    remittances: z.number().int().describe('New remittances stored'),
    repeated: z.number().int().describe('Remittances in the file that were imported before'),
    mismatches: z.number().int(),
    /** What the import came to once done (or why it stopped); null while it runs. */
    message: z.string().nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'RemittanceImport' });
export type RemittanceImport = z.infer<typeof RemittanceImportSchema>;

export const CodOverviewSchema = z.object({
  duePaise: z.number().int(),
  due: z.array(CodDueOrderSchema),
  remittedPaise: z.number().int(),
  remittances: z.array(RemittanceSchema),
  imports: z.array(RemittanceImportSchema).describe('The latest remittance files imported, newest first'),
  mismatches: z
    .array(RemittanceLineSchema.extend({ remittanceReference: z.string(), utr: z.string() }))
    .describe('Mismatched lines not marked as checked yet, newest remittance first'),
  overdueAfterDays: z.number().int(),
  simulatorOn: z.boolean(),
});
export type CodOverview = z.infer<typeof CodOverviewSchema>;

export const RemittanceImportReplySchema = z.object({
  message: z.string(),
  import: RemittanceImportSchema,
});
export type RemittanceImportReply = z.infer<typeof RemittanceImportReplySchema>;
export const RemittanceImportParamsSchema = z.object({
  id: z.uuid({ message: codMoneyMessages.importNotFound }),
});

/** The largest remittance file taken: its rows are a few dozen bytes each. */
export const MAX_REMITTANCE_FILE_BYTES = 2 * 1024 * 1024;

export const RemittanceImportBodySchema = z.object({
  csv: z.string({ error: codMoneyMessages.fileRequired }).min(1, codMoneyMessages.fileRequired),
});

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,64}$/;

/** The Idempotency-Key header of a COD refund: the same request twice refunds once. */
export const CodRefundHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: codMoneyMessages.idempotencyKeyRequired })
    .regex(IDEMPOTENCY_KEY, codMoneyMessages.idempotencyKeyRequired),
});

export const RemittanceLineParamsSchema = z.object({
  lineId: z.uuid({ message: codMoneyMessages.mismatchNotFound }),
});
export const MismatchCheckReplySchema = z.object({ message: z.string() });
