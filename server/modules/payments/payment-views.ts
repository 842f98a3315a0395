import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { PaymentSchema } from '../../../contracts/orders';
import type { Database } from '../../db/client';
import { orders, payments } from '../../db/schema';

type PaymentView = z.infer<typeof PaymentSchema>;

function toView(row: typeof payments.$inferSelect): PaymentView {
  return {
    paymentId: row.razorpayPaymentId,
    orderId: row.orderId,
    razorpayOrderId: row.razorpayOrderId,
    status: row.status,
    amountPaise: row.amountPaise,
    amountRefundedPaise: row.amountRefundedPaise,
    currency: row.currency,
    method: row.method,
    errorDescription: row.errorDescription,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listUserPayments(db: Database, userId: string): Promise<PaymentView[]> {
  const rows = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(payments.createdAt));
  return rows.map((row) => toView(row.payment));
}

export async function findUserPayment(
  db: Database,
  userId: string,
  razorpayPaymentId: string,
): Promise<PaymentView | undefined> {
  const [row] = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(orders.userId, userId), eq(payments.razorpayPaymentId, razorpayPaymentId)));
  return row ? toView(row.payment) : undefined;
}
