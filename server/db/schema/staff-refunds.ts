import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orders } from './orders';
import { staff } from './staff';

/**
 * A refund an owner asked for in the console (docs/architecture.md#console-orders-api): keyed by the request's
 * Idempotency-Key, so the same request twice refunds once; keeps the reason and who asked.
 */
export const staffRefunds = pgTable(
  'staff_refunds',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    razorpayRefundId: text('razorpay_refund_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('staff_refunds_order_idx').on(table.orderId, table.createdAt)],
);
