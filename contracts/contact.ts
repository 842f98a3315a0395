import { z } from 'zod';

/**
 * docs/product.md#validation: a name is one line. Line breaks, tabs and other control characters become one space,
 * so none reaches the care e-mail's subject and From line (docs/product.md#contact-messages).
 */
export function oneLineName(name: string): string {
  return name.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

/**
 * docs/product.md#complaints: what a message is about. A complaint gets an acknowledgement number at once and
 * the grievance officer's two deadlines; the original client sends no topic, which is a message.
 */
export const contactTopics = ['message', 'complaint'] as const;
export type ContactTopic = (typeof contactTopics)[number];

export const complaintMessages = {
  topicChoice: 'Please choose what your message is about.',
} as const;

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
    topic: z
      .enum(contactTopics, { message: complaintMessages.topicChoice })
      .default('message')
      .describe(
        'A complaint gets an acknowledgement number (docs/product.md#complaints); message when left out',
      ),
  })
  .meta({ id: 'ContactMessage' });

export type ContactMessage = z.infer<typeof ContactMessageSchema>;
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;

export const ContactReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  complaintNumber: z
    .string()
    .optional()
    .describe('A complaint’s acknowledgement number, e.g. GRV-2026-000123; only for a complaint'),
});
export type ContactReply = z.infer<typeof ContactReplySchema>;

/** A message in the console's inbox: new until a reply is sent (replied) or someone closes it. */
export const contactMessageStatuses = ['new', 'replied', 'closed'] as const;
export type ContactMessageStatus = (typeof contactMessageStatuses)[number];
