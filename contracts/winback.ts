import { z } from 'zod';
import {
  MAX_FIRST_DELAY_MINUTES,
  MAX_SECOND_DELAY_MINUTES,
  MIN_FIRST_DELAY_MINUTES,
  MIN_REMINDER_GAP_MINUTES,
  winbackMessages,
} from './winback-rules';

export * from './winback-rules';

// docs/product.md#winback: the HTTP shapes of checkout reminders and "Notify me", the shop's and the console's.

const minutes = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const WinbackSettingsBodySchema = z
  .object({
    enabled: z.boolean(),
    firstDelayMinutes: minutes(
      winbackMessages.firstDelayRange,
      MIN_FIRST_DELAY_MINUTES,
      MAX_FIRST_DELAY_MINUTES,
    ),
    secondDelayMinutes: minutes(
      winbackMessages.secondDelayRange,
      MIN_FIRST_DELAY_MINUTES + MIN_REMINDER_GAP_MINUTES,
      MAX_SECOND_DELAY_MINUTES,
    ),
    secondReminderCode: z.string().trim().max(40).nullable(),
  })
  .strict()
  .refine((body) => body.secondDelayMinutes >= body.firstDelayMinutes + MIN_REMINDER_GAP_MINUTES, {
    message: winbackMessages.secondDelayRange,
    path: ['secondDelayMinutes'],
  });
export type WinbackSettingsBody = z.infer<typeof WinbackSettingsBodySchema>;

export const WinbackSettingsViewSchema = z
  .object({
    enabled: z.boolean(),
    firstDelayMinutes: z.number().int(),
    secondDelayMinutes: z.number().int(),
    secondReminderCode: z.string().nullable(),
    updatedAt: z.string().nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'WinbackSettings' });

export const WinbackSettingsReplySchema = z.object({
  message: z.string().optional(),
  settings: WinbackSettingsViewSchema,
});

export const WinbackReportSchema = z
  .object({
    days: z.number().int(),
    remindersSent: z.number().int(),
    checkoutsReminded: z.number().int(),
    checkoutsRecovered: z.number().int(),
    recoveredRevenuePaise: z
      .number()
      .int()
      .describe('The recovered orders’ charged totals, from their money record'),
    backInStockTold: z.number().int(),
  })
  .meta({ id: 'WinbackReport' });
export type WinbackReportReply = z.infer<typeof WinbackReportSchema>;

/** A reminder's link token, as the web app read it from the link's path. */
export const ReminderTokenBodySchema = z.object({ token: z.string().min(16).max(64) }).strict();

export const ResumeCheckoutReplySchema = z.object({
  to: z.enum(['checkout', 'cart']),
  message: z.string(),
  couponCode: z.string().nullable(),
});
export type ResumeCheckoutReply = z.infer<typeof ResumeCheckoutReplySchema>;

export const ReminderPreferenceSchema = z.object({ optedOut: z.boolean() }).strict();
export type ReminderPreference = z.infer<typeof ReminderPreferenceSchema>;

export const NotifyMeBodySchema = z
  .object({ channel: z.enum(['email', 'sms', 'whatsapp']).optional() })
  .strict();

export const NotifyMeReplySchema = z.object({
  waiting: z.boolean(),
  channel: z.enum(['email', 'sms', 'whatsapp']).nullable(),
  message: z.string().optional(),
});
export type NotifyMeReply = z.infer<typeof NotifyMeReplySchema>;
