import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CodOverview } from '../../../contracts/cod-money';
import { COD_REMITTANCE_OVERDUE_DAYS } from '../../../contracts/order-status';
import type { Database } from '../../db/client';
import { codRemittanceLines, codRemittances, orders, shipments } from '../../db/schema';
import { codCashPaiseSql } from '../orders/cod-advance';
import { orderNumberOf } from '../orders/order-view';
import { codCollectedSql, collectedAtSql, notRemittedSql } from './cod-order-money';
import { latestRemittanceImports } from './remittance-imports';

// docs/product.md#cod-remittances: the console's "Cash on delivery" page: cash due from the courier, the
// remittances imported, and the lines that did not match.

const REMITTANCES_SHOWN = 50;
const DUE_SHOWN = 200;
const MISMATCHES_SHOWN = 200;

/** Cash the courier collected and Shiprocket has not remitted: the orders (oldest first) and their total. */
export async function cashDue(db: Database, limit = DUE_SHOWN) {
  const rows = await db
    .select({
      id: orders.id,
      name: sql<string>`${orders.contact}->>'name'`,
      amountPaise: codCashPaiseSql,
      collectedAt: sql<string>`${collectedAtSql}`,
      awb: shipments.awbCode,
      overdue: sql<boolean>`${collectedAtSql} < now() - make_interval(days => ${COD_REMITTANCE_OVERDUE_DAYS}::int)`,
    })
    .from(orders)
    .leftJoin(shipments, eq(shipments.orderId, orders.id))
    .where(and(codCollectedSql, notRemittedSql))
    .orderBy(asc(sql`${collectedAtSql}`))
    .limit(limit);
  const [total] = await db
    .select({ paise: sql<number>`coalesce(sum(${codCashPaiseSql}), 0)::int` })
    .from(orders)
    .where(and(codCollectedSql, notRemittedSql));
  return { rows, totalPaise: Number(total?.paise ?? 0) };
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function lineView(line: typeof codRemittanceLines.$inferSelect) {
  return {
    id: line.id,
    orderId: line.orderId,
    orderNumber: line.orderId ? orderNumberOf(line.orderId) : null,
    line: line.line,
    awb: line.awb,
    fileOrderId: line.fileOrderId,
    codAmountPaise: line.codAmountPaise,
    remittedAmountPaise: line.remittedAmountPaise,
    expectedPaise: line.expectedPaise,
    mismatch: line.mismatch,
  };
}

export async function codOverview(db: Database, simulatorOn: boolean): Promise<CodOverview> {
  const due = await cashDue(db);
  const remittances = await db
    .select()
    .from(codRemittances)
    .orderBy(desc(codRemittances.remittedOn), desc(codRemittances.createdAt))
    .limit(REMITTANCES_SHOWN);
  const lines = remittances.length
    ? await db
        .select()
        .from(codRemittanceLines)
        .where(
          inArray(
            codRemittanceLines.remittanceId,
            remittances.map((remittance) => remittance.id),
          ),
        )
        .orderBy(asc(codRemittanceLines.line))
    : [];
  const [remitted] = await db
    .select({ paise: sql<number>`coalesce(sum(${codRemittances.amountPaise}), 0)::int` })
    .from(codRemittances);
  const mismatches = await db
    .select({ line: codRemittanceLines, reference: codRemittances.reference, utr: codRemittances.utr })
    .from(codRemittanceLines)
    .innerJoin(codRemittances, eq(codRemittances.id, codRemittanceLines.remittanceId))
    .where(and(isNotNull(codRemittanceLines.mismatch), isNull(codRemittanceLines.checkedAt)))
    .orderBy(desc(codRemittances.createdAt), asc(codRemittanceLines.line))
    .limit(MISMATCHES_SHOWN);
  return {
    duePaise: due.totalPaise,
    due: due.rows.map((row) => ({
      orderId: row.id,
      orderNumber: orderNumberOf(row.id),
      customerName: row.name ?? '',
      amountPaise: row.amountPaise,
      deliveredAt: iso(row.collectedAt),
      awb: row.awb,
      overdue: Boolean(row.overdue),
    })),
    remittedPaise: Number(remitted?.paise ?? 0),
    remittances: remittances.map((remittance) => {
      const own = lines.filter((line) => line.remittanceId === remittance.id);
      return {
        id: remittance.id,
        reference: remittance.reference,
        utr: remittance.utr,
        remittedOn: remittance.remittedOn,
        amountPaise: remittance.amountPaise,
        orders: own.length,
        mismatches: own.filter((line) => line.mismatch !== null).length,
        importedAt: remittance.createdAt.toISOString(),
        lines: own.map(lineView),
      };
    }),
    mismatches: mismatches.map(({ line, reference, utr }) => ({
      ...lineView(line),
      remittanceReference: reference,
      utr,
    })),
    imports: await latestRemittanceImports(db),
    overdueAfterDays: COD_REMITTANCE_OVERDUE_DAYS,
    simulatorOn,
  };
}

/**
 * docs/product.md#needs-attention: remittance lines no order of ours can carry a flag for (no such order, or a
 * prepaid one), not checked yet: Needs attention lists them beside the orders' flags.
 */
export async function uncheckedStrayLines(db: Database) {
  return db
    .select({ line: codRemittanceLines, reference: codRemittances.reference })
    .from(codRemittanceLines)
    .innerJoin(codRemittances, eq(codRemittances.id, codRemittanceLines.remittanceId))
    .where(
      and(
        inArray(codRemittanceLines.mismatch, ['unknown_order', 'not_cod']),
        isNull(codRemittanceLines.checkedAt),
      ),
    )
    .orderBy(asc(codRemittanceLines.createdAt))
    .limit(MISMATCHES_SHOWN);
}
