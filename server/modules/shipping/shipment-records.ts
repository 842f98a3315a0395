import { and, eq, max, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ShipmentStage, shipmentEvents, shipments } from '../../db/schema';
import { stageOfStatusId } from './shipment-stages';

type ShipmentRow = typeof shipments.$inferSelect;

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

export async function findShipmentOfOrder(db: Database, orderId: string): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.orderId, orderId));
  return row;
}

/** Every stage the update reports, its own status and each scan's, in the order given. */
export function reportedStages(update: TrackingUpdate): ShipmentStage[] {
  return [update.statusId, ...update.scans.map((scan) => scan.statusId)]
    .map(stageOfStatusId)
    .filter((stage): stage is ShipmentStage => stage !== undefined);
}

/**
 * Stores a tracking update on the shipment at the stage the order lifecycle settled on: new scans are added
 * (a scan seen before, by webhook or by polling, is dropped by its unique key) and the courier's details
 * kept. The caller holds the order's locks. Returns how many scans were new.
 */
export async function recordTracking(
  tx: Database,
  shipment: ShipmentRow,
  update: TrackingUpdate,
  stage: ShipmentStage,
): Promise<number> {
  const [stored] = await tx
    .select({ newestScanAt: max(shipmentEvents.occurredAt) })
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipment.id));

  let added = 0;
  if (update.scans.length > 0) {
    const inserted = await tx
      .insert(shipmentEvents)
      .values(
        update.scans.map((scan) => ({
          shipmentId: shipment.id,
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

  const takeStatus =
    stage !== shipment.stage ||
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
    .where(eq(shipments.id, shipment.id));
  return added;
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

export type NewShipment = typeof shipments.$inferInsert;

/** The booked parcel; undefined when a run of the shipment job in another process stored it first. */
export async function insertShipment(tx: Database, shipment: NewShipment): Promise<ShipmentRow | undefined> {
  const [inserted] = await tx.insert(shipments).values(shipment).onConflictDoNothing().returning();
  return inserted;
}

/** The parcel was stopped at the courier. */
export async function markShipmentCancelled(tx: Database, shipmentId: string): Promise<void> {
  await tx
    .update(shipments)
    .set({ stage: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(shipments.id, shipmentId), ne(shipments.stage, 'cancelled')));
}
