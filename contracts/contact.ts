import { z } from 'zod';

/**
 * docs/product.md#validation: a name is one line. Line breaks, tabs and other control characters become one space,
 * so none reaches the care e-mail's subject and From line (docs/product.md#contact-messages).
 */
export function oneLineName(name: string): string {
  return name.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

// docs/product.md#validation: name, email and message are all required.
export const ContactMessageSchema = z
  .object({
    name: z
      .string()
      .overwrite(oneLineName)
      .min(1, 'Please enter your name')
      .max(100, 'Name must be at most 100 characters'),
    email: z
      .string()
      .trim()
      .min(1, 'Please enter your email address')
      .max(254, 'Email must be at most 254 characters')
      .pipe(z.email('Please enter a valid email address')),
    message: z
      .string()
      .trim()
      .min(1, 'Please enter a message')
      .max(5000, 'Message must be at most 5000 characters'),
  })
  .meta({ id: 'ContactMessage' });

export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactReplySchema = z.object({ success: z.literal(true), message: z.string() });

/** A message in the console's inbox: new until a reply is sent (replied) or someone closes it. */
export const contactMessageStatuses = ['new', 'replied', 'closed'] as const;
export type ContactMessageStatus = (typeof contactMessageStatuses)[number];
