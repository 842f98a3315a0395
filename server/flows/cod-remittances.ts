import { createHash } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  codMoneyMessages,
  type RemittanceImport,
  type RemittanceMismatchKind,
} from '../../contracts/cod-money';
import { COD_REMITTANCE_OVERDUE_DAYS } from '../../contracts/order-status';
import type { Database } from '../db/client';
import { codRemittanceImports, codRemittanceLines, codRemittances, orders, shipments } from '../db/schema';
import { isUuid } from '../db/uuid';
import { AppError } from '../errors';
import { type Jobs, jobQueues } from '../job-queues';
import { recordAudit } from '../modules/audit/audit-log';
import { codCollectedSql, collectedAtSql, notRemittedSql } from '../modules/cod-money/cod-order-money';
import { remittanceImportView } from '../modules/cod-money/remittance-imports';
import { codCashPaiseOf } from '../modules/orders/cod-advance';
import { applyOrderEvent, lockOrder } from '../modules/orders/order-writer';
import { parseRemittanceCsv, type RemittanceRow } from '../providers/shiprocket/remittance-csv';

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

type OrderRow = typeof orders.$inferSelect;
type ImportRow = typeof codRemittanceImports.$inferSelect;

const ORDER_NUMBER = /^OM-([0-9A-F]{8})$/i;
// Lines are written this many to a statement: a 2 MB file's 20,000 lines are 20 statements, not 20,000.
const LINES_PER_INSERT = 1_000;

/**
 * The order each line pays: by its AWB (our parcel), else by the order id we booked it with, else by our order
 * number. Read for the whole remittance at once.
 */
async function ordersOfLines(tx: Database, rows: RemittanceRow[]): Promise<(OrderRow | undefined)[]> {
  const awbs = [...new Set(rows.map((row) => row.awb))];
  const byAwb = new Map<string, OrderRow>();
  if (awbs.length > 0) {
    const found = await tx
      .select({ awb: shipments.awbCode, order: orders })
      .from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .where(inArray(shipments.awbCode, awbs));
    for (const { awb, order } of found) if (awb && !byAwb.has(awb)) byAwb.set(awb, order);
  }
  const ids = [
    ...new Set(
      rows
        .filter((row) => !byAwb.has(row.awb) && isUuid(row.orderId.trim()))
        .map((row) => row.orderId.trim().toLowerCase()),
    ),
  ];
  const byId = new Map<string, OrderRow>();
  if (ids.length > 0) {
    for (const order of await tx.select().from(orders).where(inArray(orders.id, ids)))
      byId.set(order.id, order);
  }
  const matched: (OrderRow | undefined)[] = [];
  for (const row of rows) {
    const id = row.orderId.trim();
    matched.push(
      byAwb.get(row.awb) ?? (isUuid(id) ? byId.get(id.toLowerCase()) : await orderOfNumber(tx, id)),
    );
  }
  return matched;
}

/** Our order number (OM- and the id's first eight hex digits), when exactly one order has it. */
async function orderOfNumber(tx: Database, id: string): Promise<OrderRow | undefined> {
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

/** COD orders among `orderIds` whose cash an earlier remittance already paid. */
async function remittedBefore(tx: Database, orderIds: string[], remittanceId: string): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ orderId: codRemittanceLines.orderId })
    .from(codRemittanceLines)
    .where(
      and(inArray(codRemittanceLines.orderId, orderIds), ne(codRemittanceLines.remittanceId, remittanceId)),
    );
  return new Set(rows.flatMap((row) => (row.orderId ? [row.orderId] : [])));
}

/** What is wrong with a line, if anything. */
function mismatchOf(
  row: RemittanceRow,
  order: OrderRow | undefined,
  paidBefore: ReadonlySet<string>,
): RemittanceMismatchKind | null {
  if (!order) return 'unknown_order';
  if (order.paymentMethod !== 'COD') return 'not_cod';
  if (paidBefore.has(order.id)) return 'duplicate';
  if (row.remittedAmountPaise < codCashPaiseOf(order)) return 'short';
  if (row.remittedAmountPaise > codCashPaiseOf(order)) return 'over';
  return null;
}

/** The remittance's reference: Shiprocket's CRF ID, else its bank transfer's UTR. */
const referenceOf = (row: RemittanceRow) => row.remittanceId ?? `UTR ${row.utr}`;

function groupedByReference(rows: RemittanceRow[]): Map<string, RemittanceRow[]> {
  const byReference = new Map<string, RemittanceRow[]>();
  for (const row of rows) {
    const reference = referenceOf(row);
    const group = byReference.get(reference);
    if (group) group.push(row);
    else byReference.set(reference, [row]);
  }
  return byReference;
}

type Progress = Partial<
  Pick<ImportRow, 'linesDone' | 'linesStored' | 'remittances' | 'repeated' | 'mismatches'>
>;

/** Adds to the import's counts, in the caller's transaction. */
async function advance(tx: Database, importId: string, by: Progress) {
  await tx
    .update(codRemittanceImports)
    .set({
      linesDone: sql`${codRemittanceImports.linesDone} + ${by.linesDone ?? 0}`,
      linesStored: sql`${codRemittanceImports.linesStored} + ${by.linesStored ?? 0}`,
      remittances: sql`${codRemittanceImports.remittances} + ${by.remittances ?? 0}`,
      repeated: sql`${codRemittanceImports.repeated} + ${by.repeated ?? 0}`,
      mismatches: sql`${codRemittanceImports.mismatches} + ${by.mismatches ?? 0}`,
    })
    .where(eq(codRemittanceImports.id, importId));
}

/**
 * One remittance of the import, in one transaction with the import's progress: stored once (its unique
 * reference), its lines matched and written, each COD order it pays told through the lifecycle. A remittance
 * already stored is counted as this import's (a retry after a crash) or as repeated (another file's).
 */
async function importOne(
  deps: RemittanceDeps,
  imported: ImportRow,
  reference: string,
  rows: RemittanceRow[],
) {
  const [first] = rows;
  if (!first) return;
  await deps.db.transaction(async (tx) => {
    // One statement on the unique reference: the same remittance imported twice, or twice at once, is stored once.
    const [remittance] = await tx
      .insert(codRemittances)
      .values({
        reference,
        utr: first.utr,
        remittedOn: first.remittedOn,
        amountPaise: rows.reduce((sum, row) => sum + row.remittedAmountPaise, 0),
        source: imported.source,
        importedBy: imported.importedBy,
        importId: imported.id,
      })
      .onConflictDoNothing({ target: codRemittances.reference })
      .returning();
    if (!remittance) {
      const [before] = await tx
        .select({ importId: codRemittances.importId })
        .from(codRemittances)
        .where(eq(codRemittances.reference, reference));
      // This import's own, stored by an attempt that stopped after it: already counted.
      if (before?.importId === imported.id) return;
      await advance(tx, imported.id, { linesDone: rows.length, repeated: 1 });
      return;
    }
    const matched = await ordersOfLines(tx, rows);
    const codOrderIds = [
      ...new Set(matched.flatMap((order) => (order?.paymentMethod === 'COD' ? [order.id] : []))),
    ];
    const paidBefore = await remittedBefore(tx, codOrderIds, remittance.id);
    const remitted = new Map<string, boolean>();
    let mismatches = 0;
    const lines = rows.map((row, index) => {
      const order = matched[index];
      const mismatch = mismatchOf(row, order, paidBefore);
      if (mismatch) mismatches += 1;
      if (order && order.paymentMethod === 'COD') {
        remitted.set(order.id, (remitted.get(order.id) ?? false) || mismatch !== null);
      }
      return {
        remittanceId: remittance.id,
        line: row.line,
        awb: row.awb,
        fileOrderId: row.orderId,
        orderId: order?.id ?? null,
        codAmountPaise: row.codAmountPaise,
        remittedAmountPaise: row.remittedAmountPaise,
        expectedPaise: order && order.paymentMethod === 'COD' ? codCashPaiseOf(order) : null,
        mismatch,
      };
    });
    for (let start = 0; start < lines.length; start += LINES_PER_INSERT) {
      await tx.insert(codRemittanceLines).values(lines.slice(start, start + LINES_PER_INSERT));
    }
    // In one order of ids, as every transaction that locks several orders must (docs/architecture.md#locks).
    for (const orderId of [...remitted.keys()].sort()) {
      const locked = await lockOrder(tx, orderId);
      if (!locked) continue;
      const event = { type: 'cod_remitted' as const, mismatch: remitted.get(orderId) ?? false };
      await applyOrderEvent(locked, deps.jobs, event, imported.importedBy ? 'shop' : 'system');
    }
    await advance(tx, imported.id, {
      linesDone: rows.length,
      linesStored: rows.length,
      remittances: 1,
      mismatches,
    });
  });
}

export interface StoredImport {
  message: string;
  import: RemittanceImport;
}

/**
 * docs/architecture.md#cod-money: an owner's remittance file (already read whole by parseRemittanceCsv, so a
 * malformed one was refused with its lines) stored with its job in one transaction, and one audit row: the
 * import itself runs in the background. The same file again (its SHA-256) is the same import; one that
 * failed is queued again.
 */
export async function storeRemittanceImport(
  deps: RemittanceDeps,
  csv: string,
  rows: RemittanceRow[],
  meta: ImportMeta,
): Promise<StoredImport> {
  const fileSha256 = createHash('sha256').update(csv).digest('hex');
  return deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(codRemittanceImports)
      .values({ fileSha256, csv, source: meta.source, linesTotal: rows.length, importedBy: meta.staffId })
      .onConflictDoNothing({ target: codRemittanceImports.fileSha256 })
      .returning();
    let row = created;
    if (!row) {
      const [before] = await tx
        .select()
        .from(codRemittanceImports)
        .where(eq(codRemittanceImports.fileSha256, fileSha256))
        .for('update');
      if (!before) throw new Error('the import was neither stored nor found');
      if (before.status !== 'failed') {
        return { message: codMoneyMessages.importOfSameFile, import: remittanceImportView(before) };
      }
      [row] = await tx
        .update(codRemittanceImports)
        .set({ status: 'queued', error: null, finishedAt: null, importedBy: meta.staffId })
        .where(eq(codRemittanceImports.id, before.id))
        .returning();
      if (!row) throw new Error('the import was not queued again');
    }
    await deps.jobs.send(tx, jobQueues.importRemittances, { importId: row.id }, { singletonKey: row.id });
    await recordAudit(tx, {
      staffId: meta.staffId,
      action: 'cod.remittance_import',
      entityType: 'cod_remittance_import',
      entityId: row.id,
      after: {
        fileSha256,
        lines: rows.length,
        remittances: groupedByReference(rows).size,
        source: meta.source,
        again: created === undefined,
      },
      ipAddress: meta.ipAddress ?? null,
    });
    return { message: codMoneyMessages.importQueued(rows.length), import: remittanceImportView(row) };
  });
}

/** A failure that trying again cannot mend: the import is marked failed and its job ends. */
class ImportCannotRun extends Error {}

/**
 * The `cod.import-remittances` job: imports the stored file, one remittance a transaction, each committing
 * its share of the progress. Safe to run again (a retry, or two workers): a done import is left alone, and a
 * remittance already stored by this import is not counted twice.
 */
export async function runRemittanceImport(deps: RemittanceDeps, importId: string): Promise<void> {
  const started = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(codRemittanceImports)
      .where(eq(codRemittanceImports.id, importId))
      .for('update');
    if (!row || row.status === 'done' || row.status === 'failed') return undefined;
    const [running] = await tx
      .update(codRemittanceImports)
      .set({ status: 'running', startedAt: sql`coalesce(${codRemittanceImports.startedAt}, now())` })
      .where(eq(codRemittanceImports.id, importId))
      .returning();
    return running;
  });
  if (!started) return;
  try {
    let rows: RemittanceRow[];
    try {
      rows = parseRemittanceCsv(started.csv);
    } catch (error) {
      throw new ImportCannotRun(error instanceof Error ? error.message : String(error));
    }
    for (const [reference, group] of groupedByReference(rows)) {
      await importOne(deps, started, reference, group);
    }
    await finish(deps.db, importId, { status: 'done', error: null });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof ImportCannotRun) {
      await finish(deps.db, importId, { status: 'failed', error: reason });
      return;
    }
    // Tried again by the job's retries; the console says so meanwhile.
    await deps.db
      .update(codRemittanceImports)
      .set({ status: 'queued', error: reason.slice(0, 300) })
      .where(eq(codRemittanceImports.id, importId))
      .catch(() => {});
    throw error;
  }
}

async function finish(
  db: Database,
  importId: string,
  outcome: { status: 'done' | 'failed'; error: string | null },
) {
  await db
    .update(codRemittanceImports)
    .set({ ...outcome, finishedAt: sql`now()` })
    .where(eq(codRemittanceImports.id, importId));
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
