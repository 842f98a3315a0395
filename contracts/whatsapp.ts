import { z } from 'zod';
import { whatsappMessages } from './whatsapp-rules';

// docs/product.md#whatsapp-consent: the profile's WhatsApp choice; words and limits in whatsapp-rules.ts.

export const WhatsAppConsentSchema = z
  .object({
    status: z
      .enum(['never', 'opted_in', 'opted_out', 'stopped'])
      .describe('never asked, opted in, opted out in the profile, or stopped by replying STOP on WhatsApp'),
    phone: z.string().nullable().describe('The 10 digits messages go to while opted in'),
    message: z.string().describe('What the profile says of it'),
    changedAt: z.string().nullable().describe('When it last changed (ISO 8601)'),
    marketing: z
      .object({
        status: z
          .enum(['never', 'opted_in', 'opted_out', 'stopped'])
          .describe('The same, for checkout reminders and back-in-stock notices on WhatsApp'),
        message: z.string().describe('What the profile says of it'),
        changedAt: z.string().nullable().describe('When it last changed (ISO 8601)'),
      })
      .describe('docs/product.md#whatsapp-consent: the marketing consent, given and taken back on its own'),
  })
  .meta({ id: 'WhatsAppConsent' });
export type WhatsAppConsent = z.infer<typeof WhatsAppConsentSchema>;

/** Either box or both: `optIn` the order updates, `marketing` the reminders and offers. */
export const WhatsAppConsentBodySchema = z
  .object({ optIn: z.boolean().optional(), marketing: z.boolean().optional() })
  .strict()
  .refine((body) => body.optIn !== undefined || body.marketing !== undefined, {
    message: whatsappMessages.noChoice,
  });
export type WhatsAppConsentBody = z.infer<typeof WhatsAppConsentBodySchema>;
