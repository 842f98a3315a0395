import { z } from 'zod';
import {
  codAdvanceKinds,
  codAdvanceScopes,
  codRiskOutcomes,
  codRiskRules,
  codRiskSettingsMessages,
  MAX_COD_ADVANCE_PAISE,
  MAX_FIRST_ORDER_LIMIT_PAISE,
  MAX_PINCODE_RTO_WINDOW,
  MIN_COD_ADVANCE_PAISE,
  MIN_PINCODE_RTO_WINDOW,
} from './cod-risk-rules';

export * from './cod-risk-rules';

// docs/product.md#cod-risk-rules: the owner's COD risk rules, the RTO rate by pincode and the refusals, as the
// console reads and writes them.

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const CodRiskSettingsBodySchema = z
  .object({
    firstOrderLimitEnabled: z.boolean({ error: 'firstOrderLimitEnabled must be true or false' }),
    firstOrderLimitPaise: wholeNumber(
      codRiskSettingsMessages.firstOrderLimitRange,
      0,
      MAX_FIRST_ORDER_LIMIT_PAISE,
    ).describe('The most order value (before the COD fee) a shopper with no delivered order may pay by COD'),
    pincodeRtoEnabled: z.boolean({ error: 'pincodeRtoEnabled must be true or false' }),
    pincodeRtoWindow: wholeNumber(
      codRiskSettingsMessages.windowRange,
      MIN_PINCODE_RTO_WINDOW,
      MAX_PINCODE_RTO_WINDOW,
    ).describe("The pincode's last COD orders (delivered or returned to origin) its rate is taken over"),
    pincodeRtoMinSample: wholeNumber(
      codRiskSettingsMessages.minSampleRange,
      1,
      MAX_PINCODE_RTO_WINDOW,
    ).describe('The fewest such orders before the pincode rule applies'),
    pincodeRtoThresholdPercent: wholeNumber(codRiskSettingsMessages.thresholdRange, 1, 100).describe(
      'The RTO rate, in whole percent, at or above which COD is refused at the pincode',
    ),
    // docs/product.md#part-paid-cod; a client that does not send them keeps them.
    advanceFor: z
      .enum(codAdvanceScopes, { error: 'advanceFor must be none, risky or all' })
      .optional()
      .describe('Which COD orders pay an advance: none, those a risk rule asks it of, or all'),
    advanceKind: z
      .enum(codAdvanceKinds, { error: 'advanceKind must be cod_fee or fixed' })
      .optional()
      .describe("The advance is the order's COD fee, or the fixed amount"),
    advanceFixedPaise: wholeNumber(
      codRiskSettingsMessages.advanceRange,
      MIN_COD_ADVANCE_PAISE,
      MAX_COD_ADVANCE_PAISE,
    )
      .optional()
      .describe('The fixed advance, in paise'),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.pincodeRtoMinSample > body.pincodeRtoWindow) {
      context.addIssue({
        code: 'custom',
        path: ['pincodeRtoMinSample'],
        message: codRiskSettingsMessages.minSampleRange,
      });
    }
  });
export type CodRiskSettingsBody = z.infer<typeof CodRiskSettingsBodySchema>;

export const CodRiskSettingsSchema = z
  .object({
    firstOrderLimitEnabled: z.boolean(),
    firstOrderLimitPaise: z.number().int(),
    pincodeRtoEnabled: z.boolean(),
    pincodeRtoWindow: z.number().int(),
    pincodeRtoMinSample: z.number().int(),
    pincodeRtoThresholdPercent: z.number().int(),
    advanceFor: z.enum(codAdvanceScopes),
    advanceKind: z.enum(codAdvanceKinds),
    advanceFixedPaise: z.number().int(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'CodRiskSettings' });
export type CodRiskSettings = z.infer<typeof CodRiskSettingsSchema>;

export const CodRiskSettingsReplySchema = z.object({
  message: z.string().optional(),
  settings: CodRiskSettingsSchema,
});
export type CodRiskSettingsReply = z.infer<typeof CodRiskSettingsReplySchema>;

export const PincodeRtoRowSchema = z.object({
  pincode: z.string(),
  codOrders: z
    .number()
    .int()
    .describe('Its last COD orders delivered or returned to origin, up to the window'),
  rtos: z.number().int().describe('Of those, the ones returned to origin'),
  ratePercent: z.number().describe('rtos / codOrders, in percent, to one decimal'),
  blocked: z.boolean().describe('The pincode rule refuses COD there now'),
  outcome: z
    .enum(codRiskOutcomes)
    .describe(
      'What a COD order there gets now: COD, COD with an advance (docs/product.md#part-paid-cod), online only',
    ),
});
export type PincodeRtoRow = z.infer<typeof PincodeRtoRowSchema>;

export const CodRiskRefusalRowSchema = z.object({
  day: z.string().describe('The IST day, yyyy-mm-dd'),
  rule: z.enum(codRiskRules),
  userId: z.string(),
  shopper: z.string().describe("The shopper's name and mobile"),
  pincode: z.string(),
  orderPaise: z.number().int(),
  checks: z.number().int().describe('In how many minutes of that day checkout was refused by the rule'),
});
export type CodRiskRefusalRow = z.infer<typeof CodRiskRefusalRowSchema>;

export const CodRiskOverviewSchema = z.object({
  pincodes: z.array(PincodeRtoRowSchema),
  refusals: z.array(CodRiskRefusalRowSchema).describe('The last 30 IST days, newest first, at most 100'),
});
export type CodRiskOverview = z.infer<typeof CodRiskOverviewSchema>;
