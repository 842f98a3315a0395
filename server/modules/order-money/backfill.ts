import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  codPayouts,
  codRefundsPaidElsewhere,
  creditNotes,
  orderItems,
  orderMoneyEntries,
  orders,
  payments,
  refunds,
} from '../../db/schema';
import { COD_FEE_DESCRIPTION, SHIPPING_SAC } from '../invoices/issue-documents';
import { appendMoneyEntries } from './append-entries';
import { recordCharges, recordCollection, recordRefund, voidCharges } from './record-money';

// docs/architecture.md#money-record: orders placed before the money record get theirs from the rows that held
// their money, with the writer's own functions. Runs at start; an order with entries is never touched again.

type OrderRow = typeof orders.$inferSelect;

const BATCH = 200;

/**
 * Orders that became orders (paid, or COD confirmed) and have no entries yet, by id after `afterId`: the caller
 * pages on, so an order that gets no entries (nothing priced) is not fetched again.
 */
async function ordersWithoutRecord(db: Database, afterId: string | undefined): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        or(sql`${orders.paidAt} is not null`, sql`${orders.codConfirmedAt} is not null`),
        sql`not exists (select 1 from ${orderMoneyEntries} e where e.order_id = ${orders.id})`,
        isNull(orders.replacementOfOrderId),
        afterId ? gt(orders.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(BATCH);
}

async function backfillCredits(tx: Database, order: OrderRow) {
  const [items, notes] = await Promise.all([
    tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
    tx.select().from(creditNotes).where(eq(creditNotes.orderId, order.id)).orderBy(asc(creditNotes.sequence)),
  ]);
  for (const note of notes) {
    await appendMoneyEntries(
      tx,
      note.lines.map((line, index) => {
        const item = items.find((candidate) =>
          line.description.startsWith(`${candidate.title} (${candidate.size})`),
        );
        const charge = line.description.startsWith(COD_FEE_DESCRIPTION) ? 'cod_fee' : 'shipping';
        return {
          orderId: order.id,
          kind: 'credit' as const,
          part: line.hsnCode === SHIPPING_SAC ? charge : item ? ('goods' as const) : ('order' as const),
          orderItemId: line.hsnCode === SHIPPING_SAC ? null : (item?.id ?? null),
          units: line.quantity,
          amountPaise: line.totalPaise,
          taxPaise: line.cgstPaise + line.sgstPaise + line.igstPaise,
          reference: note.number,
          entryKey: `credit:${note.id}:${index}`,
        };
      }),
    );
  }
}

/** An order's money record made from the rows that hold its money (the payments, refunds and credit notes). */
export async function recordMoneyFromRows(tx: Database, order: OrderRow) {
  await recordCharges(tx, order);
  if (order.paymentMethod === 'COD') {
    const collected = ['collected', 'partially_refunded', 'refunded'].includes(order.paymentStatus);
    if (collected) await recordCollection(tx, order, { method: 'cod_cash' });
    else if (order.status === 'cancelled' || order.status === 'returned_to_origin')
      await voidCharges(tx, order.id);
  } else {
    const [paying] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), sql`${payments.status} in ('captured', 'refunded')`))
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(1);
    if (paying) {
      await recordCollection(tx, order, { method: 'online', paymentId: paying.id });
      const processed = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.paymentId, paying.id), eq(refunds.status, 'processed')))
        .orderBy(asc(refunds.createdAt));
      for (const refund of processed) await recordRefund(tx, order.id, refund.id);
    }
  }
  const payouts = await tx
    .select({ id: codPayouts.id })
    .from(codPayouts)
    .where(and(eq(codPayouts.orderId, order.id), eq(codPayouts.status, 'processed')))
    .orderBy(asc(codPayouts.createdAt));
  for (const payout of payouts) await recordRefund(tx, order.id, `payout:${payout.id}`);
  const elsewhere = await tx
    .select({ id: codRefundsPaidElsewhere.id })
    .from(codRefundsPaidElsewhere)
    .where(eq(codRefundsPaidElsewhere.orderId, order.id))
    .orderBy(asc(codRefundsPaidElsewhere.createdAt));
  for (const refund of elsewhere) await recordRefund(tx, order.id, `elsewhere:${refund.id}`);
  await backfillCredits(tx, order);
}

/** Gives every order placed before the money record its entries; a few queries when there is none to give. */
export async function backfillMoneyRecord(db: Database): Promise<number> {
  let done = 0;
  let lastId: string | undefined;
  for (;;) {
    const batch = await ordersWithoutRecord(db, lastId);
    if (batch.length === 0) return done;
    for (const order of batch) await db.transaction((tx) => recordMoneyFromRows(tx, order));
    done += batch.length;
    lastId = batch.at(-1)?.id;
  }
}
