import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { refundPaidElsewhereWayWords } from '../../../contracts/cod-money';
import type { Database } from '../../db/client';
import { codPayouts, codRefundsPaidElsewhere } from '../../db/schema';
import type { RefundToTell } from '../payments/refund-records';

// docs/product.md#partial-refund-message: a COD order's refunds are told as an online order's are, once each,
// saying where the money went: the shopper's UPI ID, or how the shop paid it.

type CodRefundKind = 'payout' | 'elsewhere';

/** The id a COD refund's message job carries: `payout:<row id>` or `elsewhere:<row id>`. */
export function codRefundMessageId(kind: CodRefundKind, rowId: string): string {
  return `${kind}:${rowId}`;
}

function parse(id: string): { kind: CodRefundKind; rowId: string } | undefined {
  const [kind, rowId] = id.split(':');
  return (kind === 'payout' || kind === 'elsewhere') && rowId ? { kind, rowId } : undefined;
}

/** The order's processed payouts and refunds paid another way, newest first. */
export async function codRefundsToTell(db: Database, orderId: string): Promise<RefundToTell[]> {
  const [payouts, elsewhere] = await Promise.all([
    db
      .select()
      .from(codPayouts)
      .where(and(eq(codPayouts.orderId, orderId), eq(codPayouts.status, 'processed')))
      .orderBy(desc(codPayouts.createdAt)),
    db
      .select()
      .from(codRefundsPaidElsewhere)
      .where(eq(codRefundsPaidElsewhere.orderId, orderId))
      .orderBy(desc(codRefundsPaidElsewhere.createdAt)),
  ]);
  const told = [
    ...payouts.map((row) => ({
      at: row.createdAt,
      refund: {
        id: codRefundMessageId('payout', row.id),
        amountPaise: row.amountPaise,
        reason: row.reason,
        shopperNotifiedAt: row.shopperNotifiedAt,
        forReturn: row.returnId !== null,
        to: `to your UPI ID ${row.vpa}`,
      },
    })),
    ...elsewhere.map((row) => ({
      at: row.createdAt,
      refund: {
        id: codRefundMessageId('elsewhere', row.id),
        amountPaise: row.amountPaise,
        reason: row.note.trim() === '' ? null : row.note.trim(),
        shopperNotifiedAt: row.shopperNotifiedAt,
        forReturn: row.returnId !== null,
        to: refundPaidElsewhereWayWords[row.how],
      },
    })),
  ];
  return told.sort((a, b) => b.at.getTime() - a.at.getTime()).map((entry) => entry.refund);
}

/** Takes the one telling of a COD refund: true for the first caller only (as `claimRefundMessage`). */
export async function claimCodRefundMessage(db: Database, id: string): Promise<boolean> {
  const target = parse(id);
  if (!target) return false;
  const table = target.kind === 'payout' ? codPayouts : codRefundsPaidElsewhere;
  const claimed = await db
    .update(table)
    .set({ shopperNotifiedAt: sql`now()` })
    .where(and(eq(table.id, target.rowId), isNull(table.shopperNotifiedAt)))
    .returning({ id: table.id });
  return claimed.length > 0;
}

/** Gives the telling back after a failed send, for the job's retry. */
export async function releaseCodRefundMessage(db: Database, id: string): Promise<void> {
  const target = parse(id);
  if (!target) return;
  const table = target.kind === 'payout' ? codPayouts : codRefundsPaidElsewhere;
  await db.update(table).set({ shopperNotifiedAt: null }).where(eq(table.id, target.rowId));
}
