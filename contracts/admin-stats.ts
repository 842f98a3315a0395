import { z } from 'zod';

// docs/product.md#sales-charts: the console's "sales at a glance" under /api/admin/stats.

export const statsRanges = [30, 90] as const;
export type StatsRange = (typeof statsRanges)[number];

export const adminStatsMessages = {
  badDays: 'Please choose 30 or 90 days.',
} as const;

export const AdminStatsQuerySchema = z.object({
  days: z
    .string({ message: adminStatsMessages.badDays })
    .refine((value) => value === '30' || value === '90', adminStatsMessages.badDays)
    .transform((value) => Number(value) as StatsRange),
});

export const paymentMethodGroups = ['card', 'upi', 'cod', 'other'] as const;
export type PaymentMethodGroup = (typeof paymentMethodGroups)[number];

export const StatsDaySchema = z.object({
  day: z.string().describe('The IST day, YYYY-MM-DD'),
  revenueRupees: z.number().describe('Paid totals less processed refunds of the orders paid that day'),
  orders: z.number().int(),
});
export type StatsDay = z.infer<typeof StatsDaySchema>;

export const AdminStatsReplySchema = z.object({
  days: z.number().int(),
  daily: z.array(StatsDaySchema).describe('Oldest first, every day of the range, today last'),
  unitsByProduct: z
    .array(z.object({ productId: z.number().int(), title: z.string(), units: z.number().int() }))
    .describe('Most units first'),
  paymentMethods: z
    .array(z.object({ method: z.enum(paymentMethodGroups), orders: z.number().int() }))
    .describe('Card, UPI and other, in that order'),
});
export type AdminStatsReply = z.infer<typeof AdminStatsReplySchema>;
