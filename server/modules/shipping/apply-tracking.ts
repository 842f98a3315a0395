import { eq, max, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../contracts/order-status';
import type { Database } from '../../db/client';
import { orders, type ShipmentStage, shipmentEvents, shipments } from '../../db/schema';
import { type Jobs, jobQueues } from '../../plugins/jobs';
import { type ChangeSource, recordChanges } from '../payments/status-history';
import { laterStage, orderStatusForStage, stageOfStatusId } from './shipment-stages';

export interface TrackingScan {
  occurredAt: Date;
  statusId: number | null;
  status: string;
  activity: string;
  location: string;
  raw: unknown;
}

/** What a tracking webhook or a tracking poll told us about one shipment. */
export interface TrackingUpdate {
  statusId?: number | null;
  statusLabel?: string | null;
  awbCode?: string | null;
  courierName?: string | null;
  estimatedDelivery?: Date | null;
  trackingUrl?: string | null;
  courierCompanyId?: number | null;
  pickupScheduledAt?: Date | null;
  scans: TrackingScan[];
}

const orderProgress: Record<OrderStatus, number> = {
  pending: 0,
  confirmed: 1,
  processing: 2,
  shipped: 3,
  out_for_delivery: 4,
  delivered: 5,
  cancelled: 6,
};

/**
 * Applies a tracking update under the shipment's row lock: new scans are added (a scan seen before, by
 * webhook or by polling, is dropped by its unique key), the stage only moves forward, and the order's status
 * follows it. Returns how many scans were new.
 */
export async function applyTrackingUpdate(
  db: Database,
  jobs: Pick<Jobs, 'send'>,
  shipmentId: string,
  update: TrackingUpdate,
  source: ChangeSource,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
    if (!shipment) return 0;
    const [stored] = await tx
      .select({ newestScanAt: max(shipmentEvents.occurredAt) })
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, shipmentId));

    let added = 0;
    if (update.scans.length > 0) {
      const inserted = await tx
        .insert(shipmentEvents)
        .values(
          update.scans.map((scan) => ({
            shipmentId,
            occurredAt: scan.occurredAt,
            statusCode: scan.statusId,
            status: scan.status,
            activity: scan.activity,
            location: scan.location,
            raw: scan.raw,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: shipmentEvents.id });
      added = inserted.length;
    }

    let stage = laterStage(shipment.stage, stageOfStatusId(update.statusId));
    for (const scan of update.scans) stage = laterStage(stage, stageOfStatusId(scan.statusId));
    const advanced = stage !== shipment.stage;
    const takeStatus =
      advanced ||
      shipment.statusCode === null ||
      isNewestWithinStage(update, stage, stored?.newestScanAt ?? null);
    await tx
      .update(shipments)
      .set({
        stage,
        statusCode: takeStatus ? (update.statusId ?? shipment.statusCode) : shipment.statusCode,
        statusLabel: takeStatus ? (update.statusLabel ?? shipment.statusLabel) : shipment.statusLabel,
        awbCode: update.awbCode ?? shipment.awbCode,
        courierName: update.courierName ?? shipment.courierName,
        estimatedDelivery: update.estimatedDelivery ?? shipment.estimatedDelivery,
        trackingUrl: update.trackingUrl ?? shipment.trackingUrl,
        courierCompanyId: update.courierCompanyId ?? shipment.courierCompanyId,
        pickupScheduledAt: update.pickupScheduledAt ?? shipment.pickupScheduledAt,
        lastTrackedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(shipments.id, shipmentId));
    if (advanced) {
      await recordChanges(tx, source, [
        {
          entity: 'order',
          entityId: shipment.orderId,
          field: 'shipmentStage',
          from: shipment.stage,
          to: stage,
        },
      ]);
    }

    await followShipmentStage(tx, jobs, shipment.orderId, stage, source);
    return added;
  });
}

/**
 * Several statuses share a stage (SHIPPED, IN TRANSIT, REACHED AT DESTINATION HUB), and some have none
 * (a delay): the shopper sees the latest, which is the one whose newest scan is no older than any stored.
 * A late webhook's scans are all older, so it never brings an earlier status back.
 */
function isNewestWithinStage(
  update: TrackingUpdate,
  stage: ShipmentStage,
  storedNewest: Date | null,
): boolean {
  const reportedStage = stageOfStatusId(update.statusId);
  if (reportedStage && reportedStage !== stage) return false;
  const newest = update.scans.reduce<Date | undefined>(
    (latest, scan) => (!latest || scan.occurredAt > latest ? scan.occurredAt : latest),
    undefined,
  );
  return newest !== undefined && (storedNewest === null || newest >= storedNewest);
}

const emailedStatuses: ReadonlySet<OrderStatus> = new Set(['shipped', 'out_for_delivery', 'delivered']);

/**
 * Moves the order's status forward to what its parcel's stage says, inside the caller's transaction, and
 * enqueues the shopper's e-mail about it in that same transaction. A cancelled order stays cancelled.
 */
export async function followShipmentStage(
  tx: Database,
  jobs: Pick<Jobs, 'send'>,
  orderId: string,
  stage: ShipmentStage,
  source: ChangeSource,
): Promise<void> {
  const next = orderStatusForStage(stage);
  if (!next || next === 'cancelled') return;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order || order.status === 'cancelled' || orderProgress[next] <= orderProgress[order.status]) return;
  await tx.update(orders).set({ status: next, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
  await recordChanges(tx, source, [
    { entity: 'order', entityId: order.id, field: 'status', from: order.status, to: next },
  ]);
  if (emailedStatuses.has(next)) {
    await jobs.send(tx, jobQueues.sendOrderEmail, { orderId: order.id, kind: next });
  }
}
