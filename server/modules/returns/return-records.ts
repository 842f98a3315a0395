import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_RETURN_SETTINGS, type ReturnSettings } from '../../../contracts/returns';
import type { Database } from '../../db/client';
import {
  orderItems,
  type orders,
  returnLines,
  returnSettings,
  returns,
  statusHistory,
} from '../../db/schema';
import type { StaffActor } from '../audit/audit-log';
import { recordAudit } from '../audit/audit-log';
import type { EarlierReturn, ReturnableOrder } from './return-eligibility';

// Reads the return rules need: the order as returnable lines, its earlier returns, and the settings.

type OrderRow = typeof orders.$inferSelect;

export async function readReturnSettings(db: Database): Promise<ReturnSettings> {
  const [row] = await db.select().from(returnSettings).where(eq(returnSettings.id, 1));
  if (!row) return DEFAULT_RETURN_SETTINGS;
  return {
    windowDays: row.windowDays,
    changedMindAccepted: row.changedMindAccepted,
    changedMindDeductionPaise: row.changedMindDeductionPaise,
  };
}

/** When the order became delivered (its status history), or null. */
export async function deliveredAtOf(db: Database, orderId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: statusHistory.createdAt })
    .from(statusHistory)
    .where(
      and(
        eq(statusHistory.entity, 'order'),
        eq(statusHistory.entityId, orderId),
        eq(statusHistory.field, 'status'),
        eq(statusHistory.toValue, 'delivered'),
      ),
    )
    .orderBy(desc(statusHistory.createdAt))
    .limit(1);
  return row?.at ?? null;
}

export async function returnableOrderOf(db: Database, order: OrderRow): Promise<ReturnableOrder> {
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  return {
    status: order.status,
    deliveredAt: order.status === 'delivered' ? await deliveredAtOf(db, order.id) : null,
    lines: items.map((item) => ({
      lineId: item.id,
      title: item.title,
      quantity: item.quantity,
      unitPricePaise: item.unitPricePaise,
      // docs/product.md#prepaid-offer: the code's share and the prepaid offer's, both off what was paid.
      orderDiscountSharePaise: item.couponSharePaise + item.prepaidSharePaise,
    })),
  };
}

export async function earlierReturnsOf(db: Database, orderId: string): Promise<EarlierReturn[]> {
  const rows = await db
    .select({ id: returns.id, status: returns.status, line: returnLines })
    .from(returns)
    .innerJoin(returnLines, eq(returnLines.returnId, returns.id))
    .where(eq(returns.orderId, orderId));
  const byReturn = new Map<string, EarlierReturn>();
  for (const row of rows) {
    const earlier = byReturn.get(row.id) ?? { status: row.status, lines: [] };
    earlier.lines.push({
      lineId: row.line.orderItemId,
      units: row.line.units,
      paidPaise: row.line.paidPaise,
    });
    byReturn.set(row.id, earlier);
  }
  return [...byReturn.values()];
}

export async function returnsOfOrders(db: Database, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(returns)
    .where(inArray(returns.orderId, [...orderIds]))
    .orderBy(asc(returns.createdAt));
}

/** The owner saves the return settings (docs/product.md#returns); audited. */
export async function updateReturnSettings(
  db: Database,
  settings: ReturnSettings,
  actor: StaffActor,
): Promise<ReturnSettings> {
  return db.transaction(async (tx) => {
    const before = await readReturnSettings(tx);
    await tx
      .insert(returnSettings)
      .values({ id: 1, ...settings, updatedByStaffId: actor.staffId })
      .onConflictDoUpdate({
        target: returnSettings.id,
        set: { ...settings, updatedByStaffId: actor.staffId, updatedAt: sql`now()` },
      });
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: 'return_settings.update',
      entityType: 'return_settings',
      entityId: '1',
      before,
      after: settings,
      ipAddress: actor.ipAddress,
    });
    return settings;
  });
}
