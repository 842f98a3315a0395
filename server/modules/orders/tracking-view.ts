import { and, desc, eq, inArray } from 'drizzle-orm';
import { formatDate } from '../../../contracts/format';
import type { ShipmentEvent } from '../../../contracts/orders';
import type { Database } from '../../db/client';
import { ndrReports, shipmentEvents, shipments } from '../../db/schema';
import { stageOfStatusId } from '../shipping/shipment-stages';
import { laterStage } from './lifecycle';

/**
 * Couriers stamp scans to the second, and two scans of one parcel can share it (and their webhooks race each
 * other): within a second, the scan of the later stage is the newer one.
 */
function newerFirstWithinSecond(a: { statusCode: number | null }, b: { statusCode: number | null }): number {
  const stageA = stageOfStatusId(a.statusCode);
  const stageB = stageOfStatusId(b.statusCode);
  if (!stageA || !stageB || stageA === stageB) return 0;
  return laterStage(stageA, stageB) === stageB ? 1 : -1;
}

/** Each order's tracking scans, newest first (as Shiprocket lists them), by our order id. */
export async function shipmentEventsOfOrders(
  db: Database,
  orderIds: string[],
): Promise<Map<string, ShipmentEvent[]>> {
  const byOrder = new Map<string, ShipmentEvent[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: shipments.orderId, event: shipmentEvents })
    .from(shipmentEvents)
    .innerJoin(shipments, eq(shipments.id, shipmentEvents.shipmentId))
    .where(inArray(shipments.orderId, orderIds))
    .orderBy(desc(shipmentEvents.occurredAt), desc(shipmentEvents.createdAt));
  // Array.prototype.sort is stable: rows of different seconds, or of one stage, keep the database's order.
  rows.sort(
    (a, b) =>
      b.event.occurredAt.getTime() - a.event.occurredAt.getTime() || newerFirstWithinSecond(a.event, b.event),
  );
  for (const { orderId, event } of rows) {
    const events = byOrder.get(orderId) ?? [];
    events.push({
      date: event.occurredAt.toISOString(),
      status: event.status,
      statusCode: event.statusCode,
      activity: event.activity,
      location: event.location,
    });
    byOrder.set(orderId, events);
  }
  await addReattemptDates(db, orderIds, byOrder);
  return byOrder;
}

const ndrDeciderWords = {
  shopper: 'as you asked',
  staff: 'as agreed on the phone',
  default: 'by the shop',
} as const;

/**
 * docs/product.md#failed-deliveries: after a failed attempt, the day the courier comes again is part of the
 * parcel's timeline, at the time it was asked for.
 */
async function addReattemptDates(db: Database, orderIds: string[], byOrder: Map<string, ShipmentEvent[]>) {
  const reports = await db
    .select()
    .from(ndrReports)
    .where(and(inArray(ndrReports.orderId, orderIds), eq(ndrReports.choiceAction, 'reattempt')));
  for (const report of reports) {
    if (!report.choiceAt || !report.choiceDate || !report.choiceBy) continue;
    const events = byOrder.get(report.orderId) ?? [];
    events.push({
      date: report.choiceAt.toISOString(),
      status: 'DELIVERY RESCHEDULED',
      statusCode: null,
      activity: `Delivery again on ${formatDate(`${report.choiceDate}T12:00:00+05:30`)}, ${ndrDeciderWords[report.choiceBy]}`,
      location: '',
    });
    // Newest first; a stable sort keeps the scans' own order.
    events.sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
    byOrder.set(report.orderId, events);
  }
}
