import { z } from 'zod';
import {
  MAX_PREPAID_OFF_PAISE,
  MAX_PREPAID_PERCENT,
  prepaidOfferKinds,
  prepaidOfferMessages,
} from './prepaid-offer-rules';

export * from './prepaid-offer-rules';

// docs/product.md#prepaid-offer: the owner's setting of the discount for paying online.

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const PrepaidOfferBodySchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    kind: z.enum(prepaidOfferKinds, { error: prepaidOfferMessages.kindChoice }),
    percentOff: wholeNumber(prepaidOfferMessages.percentRange, 1, MAX_PREPAID_PERCENT)
      .nullable()
      .describe('Percent off the goods after any code, for a percent offer'),
    maxDiscountPaise: wholeNumber(prepaidOfferMessages.capRange, 100, MAX_PREPAID_OFF_PAISE)
      .nullable()
      .describe('The most a percent offer takes off, in paise'),
    amountOffPaise: wholeNumber(prepaidOfferMessages.amountRange, 100, MAX_PREPAID_OFF_PAISE)
      .nullable()
      .describe('The amount a flat offer takes off, in paise'),
  })
  .strict()
  .superRefine((body, context) => {
    // An offer switched off may keep its figures, or have none yet.
    if (!body.enabled) return;
    if (body.kind === 'percent' && body.percentOff === null) {
      context.addIssue({ code: 'custom', path: ['percentOff'], message: prepaidOfferMessages.percentRange });
    }
    if (body.kind === 'percent' && body.maxDiscountPaise === null) {
      context.addIssue({
        code: 'custom',
        path: ['maxDiscountPaise'],
        message: prepaidOfferMessages.capRange,
      });
    }
    if (body.kind === 'flat' && body.amountOffPaise === null) {
      context.addIssue({
        code: 'custom',
        path: ['amountOffPaise'],
        message: prepaidOfferMessages.amountRange,
      });
    }
  });
export type PrepaidOfferBody = z.infer<typeof PrepaidOfferBodySchema>;

export const PrepaidOfferSettingsSchema = z
  .object({
    enabled: z.boolean(),
    kind: z.enum(prepaidOfferKinds),
    percentOff: z.number().int().nullable(),
    maxDiscountPaise: z.number().int().nullable(),
    amountOffPaise: z.number().int().nullable(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable().describe('The member of staff who last saved it'),
  })
  .meta({ id: 'PrepaidOfferSettings' });
export type PrepaidOfferSettings = z.infer<typeof PrepaidOfferSettingsSchema>;

export const PrepaidOfferReplySchema = z.object({
  message: z.string().optional(),
  settings: PrepaidOfferSettingsSchema,
});
export type PrepaidOfferReply = z.infer<typeof PrepaidOfferReplySchema>;
