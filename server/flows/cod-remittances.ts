import { and, eq, ne, sql } from 'drizzle-orm';
import { codMoneyMessages, type RemittanceMismatchKind } from '../../contracts/cod-money';
import { COD_REMITTANCE_OVERDUE_DAYS } from '../../contracts/order-status';
import type { Database } from '../db/client';
import { codRemittanceLines, codRemittances, orders, shipments } from '../db/schema';
import { AppError } from '../errors';
import type { Jobs } from '../job-queues';
import { recordAudit } from '../modules/audit/audit-log';
import { codCollectedSql, collectedAtSql, notRemittedSql } from '../modules/cod-money/cod-order-money';
import { applyOrderEvent, lockOrder } from '../modules/orders/order-writer';
import type { RemittanceRow } from '../providers/shiprocket/remittance-csv';

// docs/product.md#cod-remittances: Shiprocket pays delivered COD parcels' cash in cycles; each remittance, as
// its panel exports it (CSV), is stored once, its lines matched to our orders, and every line that is not the
// order's amount to collect is a mismatch for a person.

export interface RemittanceDeps {
  db: Database;
  jobs: Pick<Jobs, 'send'>;
}

export interface ImportMeta {
  source: 'file' | 'simulator';
  staffId: string | null;
  ipAddress?: string | null;
}

export interface ImportOutcome {
  remittances: number;
  lines: number;
  mismatches: number;
  /** Remittances in the file that were imported before: nothing was stored for them. */
  repeated: number;
  message: string;
}

type OrderRow = typeof orders.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDER_NUMBER = /^OM-([0-9A-F]{8})$/i;

/** The order a line pays: by its AWB (our parcel), else by the order id we booked it with or our order number. */
async function orderOfLine(tx: Database, row: RemittanceRow): Promise<OrderRow | undefined> {
  const [byAwb] = await tx
    .select({ order: orders })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.awbCode, row.awb))
    .limit(1);
  if (byAwb) return byAwb.order;
  const id = row.orderId.trim();
  if (UUID.test(id)) {
    const [byId] = await tx.select().from(orders).where(eq(orders.id, id.toLowerCase()));
    return byId;
  }
  const number = ORDER_NUMBER.exec(id);
  if (!number?.[1]) return undefined;
  const matches = await tx
    .select()
    .from(orders)
    .where(sql`${orders.id}::text like ${`${number[1].toLowerCase()}%`}`)
    .limit(2);
  // Eight hex digits are almost always one order; two would be a guess.
  return matches.length === 1 ? matches[0] : undefined;
}

/** What is wrong with a line, if anything. */
async function mismatchOf(
  tx: Database,
  row: RemittanceRow,
  order: OrderRow | undefined,
  remittanceId: string,
): Promise<RemittanceMismatchKind | null> {
  if (!order) return 'unknown_order';
  if (order.paymentMethod !== 'COD') return 'not_cod';
  const [before] = await tx
    .select({ id: codRemittanceLines.id })
    .from(codRemittanceLines)
    .where(and(eq(codRemittanceLines.orderId, order.id), ne(codRemittanceLines.remittanceId, remittanceId)))
    .limit(1);
  if (before) return 'duplicate';
  if (row.remittedAmountPaise < order.totalPaise) return 'short';
  if (row.remittedAmountPaise > order.totalPaise) return 'over';
  return null;
}

/** The remittance's reference: Shiprocket's CRF ID, else its bank transfer's UTR. */
const referenceOf = (row: RemittanceRow) => row.remittanceId ?? `UTR ${row.utr}`;

async function importOne(
  deps: RemittanceDeps,
  reference: string,
  rows: RemittanceRow[],
  meta: ImportMeta,
): Promise<{ lines: number; mismatches: number } | undefined> {
  const [first] = rows;
  if (!first) return undefined;
  return deps.db.transaction(async (tx) => {
    // One statement on the unique reference: the same file imported twice, or twice at once, stores it once.
    const [remittance] = await tx
      .insert(codRemittances)
      .values({
        reference,
        utr: first.utr,
        remittedOn: first.remittedOn,
        amountPaise: rows.reduce((sum, row) => sum + row.remittedAmountPaise, 0),
        source: meta.source,
        importedBy: meta.staffId,
      })
      .onConflictDoNothing({ target: codRemittances.reference })
      .returning();
    if (!remittance) return undefined;
    const remitted = new Map<string, boolean>();
    let mismatches = 0;
    for (const row of rows) {
      const order = await orderOfLine(tx, row);
      const mismatch = await mismatchOf(tx, row, order, remittance.id);
      if (mismatch) mismatches += 1;
      await tx.insert(codRemittanceLines).values({
        remittanceId: remittance.id,
        line: row.line,
        awb: row.awb,
        fileOrderId: row.orderId,
        orderId: order?.id ?? null,
        codAmountPaise: row.codAmountPaise,
        remittedAmountPaise: row.remittedAmountPaise,
        expectedPaise: order && order.paymentMethod === 'COD' ? order.totalPaise : null,
        mismatch,
      });
      if (order && order.paymentMethod === 'COD') {
        remitted.set(order.id, (remitted.get(order.id) ?? false) || mismatch !== null);
      }
    }
    // In one order of ids, as every transaction that locks several orders must (docs/architecture.md#locks).
    for (const orderId of [...remitted.keys()].sort()) {
      const locked = await lockOrder(tx, orderId);
      if (!locked) continue;
      const event = { type: 'cod_remitted' as const, mismatch: remitted.get(orderId) ?? false };
      await applyOrderEvent(locked, deps.jobs, event, meta.staffId ? 'shop' : 'system');
    }
    await recordAudit(tx, {
      staffId: meta.staffId,
      action: 'cod.remittance_import',
      entityType: 'cod_remittance',
      entityId: remittance.id,
      after: {
        reference,
        utr: remittance.utr,
        amountPaise: remittance.amountPaise,
        lines: rows.length,
        mismatches,
        source: meta.source,
      },
      ipAddress: meta.ipAddress ?? null,
    });
    return { lines: rows.length, mismatches };
  });
}

/**
 * Stores the remittances of a parsed file (parseRemittanceCsv), each in its own transaction, and matches their
 * lines to orders. Idempotent: a remittance imported before is left as it is.
 */
export async function importRemittances(
  deps: RemittanceDeps,
  rows: RemittanceRow[],
  meta: ImportMeta,
): Promise<ImportOutcome> {
  const byReference = new Map<string, RemittanceRow[]>();
  for (const row of rows) {
    const reference = referenceOf(row);
    byReference.set(reference, [...(byReference.get(reference) ?? []), row]);
  }
  const outcome = { remittances: 0, lines: 0, mismatches: 0, repeated: 0 };
  for (const [reference, group] of byReference) {
    const stored = await importOne(deps, reference, group, meta);
    if (!stored) {
      outcome.repeated += 1;
      continue;
    }
    outcome.remittances += 1;
    outcome.lines += stored.lines;
    outcome.mismatches += stored.mismatches;
  }
  const message =
    outcome.remittances === 0
      ? codMoneyMessages.importedNothingNew
      : codMoneyMessages.imported(outcome.remittances, outcome.lines);
  return { ...outcome, message };
}

const SWEEP_LIMIT = 200;

/**
 * The remittance sweep (with the 15-minute sweeps): flags each COD order collected over
 * COD_REMITTANCE_OVERDUE_DAYS ago that no remittance paid yet. The flag clears when its remittance is imported.
 */
export async function flagUnremittedCod(deps: RemittanceDeps, overdueDays = COD_REMITTANCE_OVERDUE_DAYS) {
  const overdue = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        codCollectedSql,
        notRemittedSql,
        sql`${collectedAtSql} < now() - make_interval(days => ${overdueDays}::int)`,
        sql`not exists (select 1 from order_attention a where a.order_id = ${orders.id}
              and a.reason = 'cod_not_remitted' and a.resolved_at is null)`,
      ),
    )
    .limit(SWEEP_LIMIT);
  for (const { id } of overdue) {
    await deps.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, id);
      if (locked) await applyOrderEvent(locked, deps.jobs, { type: 'cod_remittance_overdue' }, 'system');
    });
  }
  return overdue.length;
}

/**
 * An owner's "Mark as checked" on a mismatched remittance line: it leaves the lists of what needs a person,
 * and its order's `cod_remittance_mismatch` flag resolves through the lifecycle. Audited; a second press
 * changes nothing.
 */
export async function checkRemittanceMismatch(
  deps: RemittanceDeps,
  lineId: string,
  actor: { staffId: string; ipAddress?: string | null },
): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(codRemittanceLines)
      .where(eq(codRemittanceLines.id, lineId))
      .for('update');
    if (!line) throw new AppError('not_found', codMoneyMessages.mismatchNotFound);
    if (!line.mismatch) throw new AppError('conflict', codMoneyMessages.notAMismatch);
    if (line.checkedAt) return { message: codMoneyMessages.mismatchCheckedBefore };
    await tx
      .update(codRemittanceLines)
      .set({ checkedAt: sql`now()`, checkedBy: actor.staffId })
      .where(eq(codRemittanceLines.id, line.id));
    if (line.orderId) {
      const locked = await lockOrder(tx, line.orderId);
      if (locked) await applyOrderEvent(locked, deps.jobs, { type: 'cod_remittance_checked' }, 'shop');
    }
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'cod.remittance_mismatch_checked',
      entityType: 'cod_remittance_line',
      entityId: line.id,
      before: { mismatch: line.mismatch, checked: false },
      after: { mismatch: line.mismatch, checked: true, awb: line.awb, orderId: line.orderId },
      ipAddress: actor.ipAddress ?? null,
    });
    return { message: codMoneyMessages.mismatchChecked };
  });
}
