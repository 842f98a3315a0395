import { and, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  type AdminNdrRow,
  NDR_MAX_ATTEMPTS,
  type NdrChoiceView,
  type NdrQueueState,
  type NdrRate,
  type NdrRates,
  type NdrView,
} from '../../../contracts/ndr';
import type { Database } from '../../db/client';
import { ndrReports, orders, shipments } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import { orderNumberOf } from '../orders/order-view';
import { canChoose, reattemptDatesOf } from './ndr-lifecycle';
import type { NdrReportRow } from './ndr-writer';

// docs/product.md#failed-deliveries: what the shopper's page, the order views and the console's queue show.

type OrderRow = typeof orders.$inferSelect;

function choiceViewOf(row: NdrReportRow): NdrChoiceView | null {
  if (!row.choiceAction || !row.choiceBy || !row.choiceAt) return null;
  return {
    action: row.choiceAction,
    date: row.choiceDate,
    phone: row.choicePhone,
    addressLine: row.choiceAddressLine,
    by: row.choiceBy,
    at: row.choiceAt.toISOString(),
  };
}

const paymentMethodOf = (order: Pick<OrderRow, 'paymentMethod'>) =>
  order.paymentMethod === 'COD' ? ('cod' as const) : ('online' as const);

export function ndrViewOf(row: NdrReportRow, order: OrderRow, now: Date): NdrView {
  const address = order.shippingAddress;
  const open = canChoose(row, now);
  return {
    orderId: order.id,
    orderNumber: orderNumberOf(order.id),
    paymentMethod: paymentMethodOf(order),
    reason: row.reason,
    courierRemark: row.courierRemark,
    attempts: row.attempts,
    maxAttempts: NDR_MAX_ATTEMPTS,
    attemptedAt: row.attemptedAt.toISOString(),
    respondBy: row.respondBy.toISOString(),
    status: row.status,
    choice: choiceViewOf(row),
    dates: open && row.attempts < NDR_MAX_ATTEMPTS ? reattemptDatesOf(now) : [],
    phone: order.contact.deliveryPhone ?? order.contact.phone,
    address: {
      line: [address.houseName, address.streetArea].filter((part) => part.trim() !== '').join(', '),
      city: address.city,
      state: address.state,
      pincode: address.pincode,
    },
    canChoose: open,
  };
}

export async function ndrReportOfOrder(db: Database, orderId: string): Promise<NdrReportRow | undefined> {
  const [row] = await db.select().from(ndrReports).where(eq(ndrReports.orderId, orderId));
  return row;
}

/** The order of a report (the console's action names the report). */
export async function orderIdOfReport(db: Database, reportId: string): Promise<string | undefined> {
  if (!isUuid(reportId)) return undefined;
  const [row] = await db
    .select({ orderId: ndrReports.orderId })
    .from(ndrReports)
    .where(eq(ndrReports.id, reportId));
  return row?.orderId;
}

const QUEUE_LIMIT = 200;

/** The console's queue: open ones waiting for a choice first, by deadline; closed ones newest first. */
export async function ndrQueue(db: Database, state: NdrQueueState): Promise<AdminNdrRow[]> {
  const rows = await db
    .select({ report: ndrReports, order: orders })
    .from(ndrReports)
    .innerJoin(orders, eq(orders.id, ndrReports.orderId))
    .where(state === 'open' ? isNull(ndrReports.closedAt) : isNotNull(ndrReports.closedAt))
    .orderBy(
      ...(state === 'open'
        ? [sql`(${ndrReports.status} <> 'action_needed')`, ndrReports.respondBy]
        : [desc(ndrReports.closedAt)]),
    )
    .limit(QUEUE_LIMIT);
  return rows.map(({ report, order }) => ({
    id: report.id,
    orderId: order.id,
    orderNumber: orderNumberOf(order.id),
    customerName: order.contact.name,
    phone: order.contact.deliveryPhone ?? order.contact.phone,
    awb: report.awbCode,
    courierName: report.courierName,
    pincode: report.pincode,
    paymentMethod: report.paymentMethod,
    reason: report.reason,
    courierRemark: report.courierRemark,
    attempts: report.attempts,
    raisedAt: report.createdAt.toISOString(),
    respondBy: report.respondBy.toISOString(),
    status: report.status,
    choice: choiceViewOf(report),
    sentToCourierAt: report.sentToCourierAt?.toISOString() ?? null,
  }));
}

const PINCODE_ROWS = 10;

function rateOf(key: string, shipped: number, ndrs: number, rtos: number): NdrRate {
  return {
    key,
    shipments: shipped,
    ndrs,
    rtos,
    ndrRate: shipped === 0 ? null : ndrs / shipped,
    rtoRate: shipped === 0 ? null : rtos / shipped,
  };
}

/**
 * docs/product.md#failed-deliveries: over the parcels booked in the last `days`, the share with a failed delivery
 * (an NDR) and the share that went back (RTO: the order returned to origin, or cancelled after the parcel came
 * back), by courier and by pincode, worst first.
 */
export async function ndrRates(db: Database, days: number, now = new Date()): Promise<NdrRates> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const rows = await db
    .select({
      courier: sql<string>`coalesce(${shipments.courierName}, 'Unassigned')`,
      pincode: sql<string>`${orders.shippingAddress}->>'pincode'`,
      ndr: sql<boolean>`${ndrReports.id} is not null`,
      rto: sql<boolean>`(${orders.status} = 'returned_to_origin' or ${ndrReports.status} = 'returned')`,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .leftJoin(ndrReports, eq(ndrReports.shipmentId, shipments.id))
    .where(and(gte(shipments.createdAt, since), isNotNull(shipments.awbCode)));
  const group = (keyOf: (row: (typeof rows)[number]) => string) => {
    const totals = new Map<string, { shipped: number; ndrs: number; rtos: number }>();
    for (const row of rows) {
      const key = keyOf(row);
      const total = totals.get(key) ?? { shipped: 0, ndrs: 0, rtos: 0 };
      total.shipped += 1;
      if (row.ndr) total.ndrs += 1;
      if (row.rto) total.rtos += 1;
      totals.set(key, total);
    }
    return [...totals]
      .map(([key, total]) => rateOf(key, total.shipped, total.ndrs, total.rtos))
      .sort(
        (a, b) =>
          (b.ndrRate ?? 0) - (a.ndrRate ?? 0) ||
          (b.rtoRate ?? 0) - (a.rtoRate ?? 0) ||
          a.key.localeCompare(b.key),
      );
  };
  return {
    days,
    byCourier: group((row) => row.courier),
    byPincode: group((row) => row.pincode).slice(0, PINCODE_ROWS),
  };
}
