import { z } from 'zod';

// docs/product.md#whatsapp-consent: the profile's WhatsApp choice; words and limits in whatsapp-rules.ts.

export const WhatsAppConsentSchema = z
  .object({
    status: z
      .enum(['never', 'opted_in', 'opted_out', 'stopped'])
      .describe('never asked, opted in, opted out in the profile, or stopped by replying STOP on WhatsApp'),
    phone: z.string().nullable().describe('The 10 digits messages go to while opted in'),
    message: z.string().describe('What the profile says of it'),
    changedAt: z.string().nullable().describe('When it last changed (ISO 8601)'),
  })
  .meta({ id: 'WhatsAppConsent' });
export type WhatsAppConsent = z.infer<typeof WhatsAppConsentSchema>;

export const WhatsAppConsentBodySchema = z.object({ optIn: z.boolean() }).strict();
export type WhatsAppConsentBody = z.infer<typeof WhatsAppConsentBodySchema>;
