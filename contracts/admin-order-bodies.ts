import { z } from 'zod';

// The bodies of the console's order actions, apart from admin-orders.ts so that the console's forms validate
// with them without loading the order schemas (docs/product.md#http-api).

export const AdminRefundBodySchema = z.object({
  amountPaise: z.number().int().min(100, 'Please refund at least ₹1.').max(100_000_000),
  reason: z.string().trim().min(3, 'Please give a reason for the refund.').max(500),
});

export const AdminNoteBodySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Please write the note.')
    .max(4000, 'Please keep a note under 4,000 characters.'),
});
