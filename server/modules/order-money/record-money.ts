import { and, asc, eq } from 'drizzle-orm';
import { shareInProportion } from '../../../contracts/allocation';
import type { Database } from '../../db/client';
import {
  codPayouts,
  codRefundsPaidElsewhere,
  orderMoneyEntries,
  type orders,
  payments,
  refunds,
  returnLines,
  returnRefunds,
} from '../../db/schema';
import { pricedLinesOf } from '../invoices/issue-documents';
import { codCashPaiseOf } from '../orders/cod-advance';
import { appendMoneyEntries, moneyEntriesOf, type NewMoneyEntry } from './append-entries';
import { moneyOf } from './money-of';

// docs/architecture.md#money-record: the entries each money event of an order appends. The order writer calls
// these for the lifecycle's money effects, under the order's locks.

type OrderRow = typeof orders.$inferSelect;

/** What the order charges, line by line, as its invoice prints it: once, when it becomes an order. */
export async function recordCharges(tx: Database, order: OrderRow): Promise<void> {
  const { lines } = await pricedLinesOf(tx, order);
  await appendMoneyEntries(
    tx,
    lines.map((priced) => ({
      orderId: order.id,
      kind: 'charge',
      part: priced.part,
      orderItemId: priced.orderItemId,
      units: priced.units,
      amountPaise: priced.line.totalPaise,
      codeDiscountPaise: priced.codeDiscountPaise,
      prepaidDiscountPaise: priced.prepaidDiscountPaise,
      taxPaise: priced.line.cgstPaise + priced.line.sgstPaise + priced.line.igstPaise,
      entryKey: `charge:${order.id}:${priced.orderItemId ?? priced.part}`,
    })),
  );
}

/** Nothing was collected and nothing is owed: each charge is voided by an entry of its own. */
export async function voidCharges(tx: Database, orderId: string): Promise<void> {
  const charges = await tx
    .select()
    .from(orderMoneyEntries)
    .where(and(eq(orderMoneyEntries.orderId, orderId), eq(orderMoneyEntries.kind, 'charge')))
    .orderBy(asc(orderMoneyEntries.entryKey));
  await appendMoneyEntries(
    tx,
    charges.map(({ id: _id, createdAt: _createdAt, entryKey, ...charge }) => ({
      ...charge,
      kind: 'void',
      entryKey: `void:${entryKey}`,
    })),
  );
}

/** Money received: the payment that paid an online order (our row id), or the cash the courier collected. */
export async function recordCollection(
  tx: Database,
  order: OrderRow,
  collection: { method: 'online'; paymentId: string } | { method: 'cod_cash' },
): Promise<void> {
  if (collection.method === 'cod_cash') {
    await appendMoneyEntries(tx, [
      {
        orderId: order.id,
        kind: 'collect',
        part: 'order',
        amountPaise: codCashPaiseOf(order),
        method: 'cod_cash',
        entryKey: `collect:cod:${order.id}`,
      },
    ]);
    return;
  }
  const [payment] = await tx.select().from(payments).where(eq(payments.id, collection.paymentId));
  if (!payment) throw new Error(`no payment ${collection.paymentId} to record`);
  await appendMoneyEntries(tx, [
    {
      orderId: order.id,
      kind: 'collect',
      part: 'order',
      amountPaise: payment.amountPaise,
      method: 'online',
      reference: payment.razorpayPaymentId,
      entryKey: `collect:${payment.id}`,
    },
  ]);
}

interface SettledRefund {
  amountPaise: number;
  method: 'razorpay' | 'upi_payout' | 'elsewhere';
  reference: string;
  returnId: string | null;
}

/**
 * A refund as its row says: `refundId` is our refunds row id (Razorpay), or `payout:{id}` / `elsewhere:{id}`
 * for a COD order's (docs/product.md#cod-refunds).
 */
async function settledRefundOf(tx: Database, refundId: string): Promise<SettledRefund | undefined> {
  const [kind, rowId] = refundId.includes(':') ? refundId.split(':') : ['razorpay', refundId];
  if (!rowId) return undefined;
  if (kind === 'payout') {
    const [row] = await tx.select().from(codPayouts).where(eq(codPayouts.id, rowId));
    return (
      row && {
        amountPaise: row.amountPaise,
        method: 'upi_payout',
        reference: row.razorpayPayoutId ?? row.id,
        returnId: row.returnId,
      }
    );
  }
  if (kind === 'elsewhere') {
    const [row] = await tx
      .select()
      .from(codRefundsPaidElsewhere)
      .where(eq(codRefundsPaidElsewhere.id, rowId));
    return (
      row && {
        amountPaise: row.amountPaise,
        method: 'elsewhere',
        reference: `elsewhere-${row.id}`,
        returnId: row.returnId,
      }
    );
  }
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, rowId));
  if (!row) return undefined;
  const [ofReturn] = await tx
    .select({ returnId: returnRefunds.returnId })
    .from(returnRefunds)
    .where(eq(returnRefunds.razorpayRefundId, row.razorpayRefundId));
  return {
    amountPaise: row.amountPaise,
    method: 'razorpay',
    reference: row.razorpayRefundId,
    returnId: ofReturn?.returnId ?? null,
  };
}

/** The lines a refund pays back: a return's units, every charge of an order refunded whole, else the order. */
async function refundedLinesOf(tx: Database, orderId: string, refund: SettledRefund) {
  if (refund.returnId) {
    const lines = await tx
      .select()
      .from(returnLines)
      .where(eq(returnLines.returnId, refund.returnId))
      .orderBy(asc(returnLines.orderItemId));
    const shares = shareInProportion(
      refund.amountPaise,
      lines.map((line) => line.paidPaise),
    );
    return lines.map((line, index) => ({
      part: 'goods' as const,
      orderItemId: line.orderItemId,
      units: line.units,
      amountPaise: shares[index] ?? 0,
    }));
  }
  const entries = (await moneyEntriesOf(tx, [orderId])).get(orderId) ?? [];
  const money = moneyOf(entries);
  const wholeOrder = money.refundedPaise === 0 && refund.amountPaise === money.collectedPaise;
  const charges = entries.filter((entry) => entry.kind === 'charge');
  if (!wholeOrder || charges.length === 0 || money.charged.totalPaise !== refund.amountPaise) {
    return [{ part: 'order' as const, orderItemId: null, units: 0, amountPaise: refund.amountPaise }];
  }
  return charges.map((charge) => ({
    part: charge.part,
    orderItemId: charge.orderItemId,
    units: charge.units,
    amountPaise: charge.amountPaise,
  }));
}

/** Money that reached the shopper, for the lines it paid back. Once a refund, however often it is reported. */
export async function recordRefund(tx: Database, orderId: string, refundId: string): Promise<void> {
  const refund = await settledRefundOf(tx, refundId);
  if (!refund) return;
  const lines = await refundedLinesOf(tx, orderId, refund);
  const entries: NewMoneyEntry[] = lines
    .filter((line) => line.amountPaise > 0)
    .map((line, index) => ({
      orderId,
      kind: 'refund',
      part: line.part,
      orderItemId: line.orderItemId,
      units: line.units,
      amountPaise: line.amountPaise,
      method: refund.method,
      reference: refund.reference,
      entryKey: `refund:${refundId}:${index}`,
    }));
  await appendMoneyEntries(tx, entries);
}
