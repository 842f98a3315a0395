import { eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../contracts/order-status';
import type { Database } from '../../db/client';
import { orders, shipmentEvents, shipments } from '../../db/schema';
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
    await tx
      .update(shipments)
      .set({
        stage,
        statusCode:
          advanced || shipment.statusCode === null
            ? (update.statusId ?? shipment.statusCode)
            : shipment.statusCode,
        statusLabel:
          advanced || !shipment.statusLabel
            ? (update.statusLabel ?? shipment.statusLabel)
            : shipment.statusLabel,
        awbCode: update.awbCode ?? shipment.awbCode,
        courierName: update.courierName ?? shipment.courierName,
        estimatedDelivery: update.estimatedDelivery ?? shipment.estimatedDelivery,
        trackingUrl: update.trackingUrl ?? shipment.trackingUrl,
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

    const next = orderStatusForStage(stage);
    if (!next || next === 'cancelled') return added;
    const [order] = await tx.select().from(orders).where(eq(orders.id, shipment.orderId)).for('update');
    if (!order || order.status === 'cancelled' || orderProgress[next] <= orderProgress[order.status])
      return added;
    await tx.update(orders).set({ status: next, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
    await recordChanges(tx, source, [
      { entity: 'order', entityId: order.id, field: 'status', from: order.status, to: next },
    ]);
    if (next === 'shipped' || next === 'delivered') {
      await jobs.send(tx, jobQueues.sendOrderEmail, { orderId: order.id, kind: next });
    }
    return added;
  });
}
