import { and, asc, desc, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { attentionReasonText } from '../../../contracts/order-status';
import {
  type AdminReturnDetail,
  type AdminReturnSummary,
  type ReturnStatus,
  type returnAgeFilters,
  returnNumberOf,
  returnReasonLabels,
  returnStatusLabels,
} from '../../../contracts/returns';
import type { Database } from '../../db/client';
import { orderAttention, orders, returns, statusHistory } from '../../db/schema';
import { orderNumberOf } from '../orders/order-view';
import { decide, type ReturnEvent } from './return-lifecycle';
import { toReturnView } from './return-view';
import { returnStateOf } from './return-writer';

// docs/product.md#returns: the console's returns queue and a return's page.

type AgeFilter = (typeof returnAgeFilters)[number];

const AGE_DAYS: Record<AgeFilter, number> = { any: 0, over_1_day: 1, over_3_days: 3, over_7_days: 7 };

/** The returns queue: newest first, filtered by status and by how long ago they were asked for. */
export async function listReturns(
  db: Database,
  filter: { status?: ReturnStatus | undefined; age: AgeFilter },
): Promise<AdminReturnSummary[]> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(returns.status, filter.status));
  const days = AGE_DAYS[filter.age];
  if (days > 0) conditions.push(lt(returns.createdAt, sql`now() - make_interval(days => ${days}::int)`));
  const rows = await db
    .select({ row: returns, contact: orders.contact })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(returns.createdAt))
    .limit(200);
  return rows.map(({ row, contact }) => ({
    returnId: row.id,
    number: returnNumberOf(row.id),
    orderId: row.orderId,
    orderNumber: orderNumberOf(row.orderId),
    shopperName: contact.name,
    status: row.status,
    statusLabel: returnStatusLabels[row.status],
    resolution: row.resolution,
    reasonLabel: returnReasonLabels[row.reason],
    units: row.units,
    refundPaise: row.refundPaise,
    createdAt: row.createdAt.toISOString(),
  }));
}

type Action = AdminReturnDetail['actions'][number];

// Each console action and the event it sends; stock is assumed to cover a replacement (checked when done).
const ACTION_EVENTS: [Action, ReturnEvent][] = [
  ['approve', { type: 'approve' }],
  ['refuse', { type: 'refuse' }],
  ['approve_without_pickup', { type: 'approve_without_pickup', stockCovered: true }],
  ['receive', { type: 'received', quality: 'resellable' }],
  ['refund', { type: 'refund_requested' }],
  ['send_replacement', { type: 'replacement_sent', stockCovered: true }],
  ['close', { type: 'close' }],
];

/** The actions that would change the return now (a repeat that changes nothing is not offered). */
export function actionsFor(row: typeof returns.$inferSelect): Action[] {
  const state = returnStateOf(row);
  return ACTION_EVENTS.filter(([, event]) => {
    const decision = decide(state, event);
    return (
      decision.outcome === 'applied' && (decision.next.status !== state.status || decision.effects.length > 0)
    );
  }).map(([action]) => action);
}

export async function returnDetail(db: Database, returnId: string): Promise<AdminReturnDetail | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(returnId)) return undefined;
  const [row] = await db.select().from(returns).where(eq(returns.id, returnId));
  if (!row) return undefined;
  const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) return undefined;
  const timeline = await db
    .select()
    .from(statusHistory)
    .where(and(eq(statusHistory.entity, 'order'), eq(statusHistory.entityId, order.id)))
    .orderBy(asc(statusHistory.createdAt));
  const attention = await db
    .select()
    .from(orderAttention)
    .where(and(eq(orderAttention.orderId, order.id), isNull(orderAttention.resolvedAt)))
    .orderBy(asc(orderAttention.createdAt));
  return {
    return: await toReturnView(db, row, 'staff', order),
    shopper: { name: order.contact.name, email: order.contact.email, phone: order.contact.phone },
    orderTimeline: timeline.map((change) => ({
      field: change.field,
      to: change.toValue,
      at: change.createdAt.toISOString(),
    })),
    attention: attention
      .filter((flag) => flag.reason.startsWith('return_'))
      .map((flag) => ({
        reason: flag.reason,
        text: attentionReasonText[flag.reason],
        since: flag.createdAt.toISOString(),
      })),
    actions: actionsFor(row),
  };
}
