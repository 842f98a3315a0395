import { and, eq, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { shippingMessages } from '../../../contracts/shipping';
import { shipments } from '../../db/schema';
import { ShiprocketError } from '../../providers/shiprocket/client';
import type { ChangeSource } from '../payments/status-history';
import { applyTrackingUpdate } from './apply-tracking';
import type { ShippingDeps } from './shipping-deps';
import { trackingUpdateOfReply } from './tracking-payloads';

type ShipmentRow = typeof shipments.$inferSelect;

/** Parcels still moving: tracking has nothing more to say about the others. */
const FINAL_STAGES = ['delivered', 'cancelled', 'returned'] as const;

/**
 * Asks Shiprocket for the parcel's tracking now and applies it like a webhook: scans already stored (from a
 * webhook or an earlier poll) are dropped by their unique key. Returns how many scans were new.
 */
export async function refreshShipmentTracking(
  deps: ShippingDeps,
  shipment: ShipmentRow,
  source: ChangeSource,
): Promise<number> {
  const { client } = deps.shiprocket;
  const reply = shipment.awbCode
    ? await client.trackAwb(shipment.awbCode)
    : await client.trackShipment(Number(shipment.shiprocketShipmentId));
  return applyTrackingUpdate(deps.db, deps.jobs, shipment.id, trackingUpdateOfReply(reply), source);
}

export interface PollOptions {
  /** Parcels tracked (by webhook or poll) more recently than this are left alone. */
  staleAfterMinutes?: number;
  limit?: number;
}

export interface PollOutcome {
  polled: number;
  newScans: number;
  failed: number;
}

/**
 * The fallback for lost webhooks: polls every parcel with an AWB that is still moving and whose tracking is
 * stale, oldest first. Stops early while Shiprocket is unreachable, to try again at the next run.
 */
export async function pollStaleShipments(
  deps: ShippingDeps,
  options: PollOptions = {},
): Promise<PollOutcome> {
  const staleAfterMinutes = options.staleAfterMinutes ?? 10;
  const due = await deps.db
    .select()
    .from(shipments)
    .where(
      and(
        isNotNull(shipments.awbCode),
        notInArray(shipments.stage, [...FINAL_STAGES]),
        or(
          isNull(shipments.lastTrackedAt),
          lt(shipments.lastTrackedAt, sql`now() - make_interval(mins => ${staleAfterMinutes}::int)`),
        ),
      ),
    )
    .orderBy(sql`${shipments.lastTrackedAt} asc nulls first`)
    .limit(options.limit ?? 100);

  const outcome: PollOutcome = { polled: 0, newScans: 0, failed: 0 };
  for (const shipment of due) {
    try {
      outcome.newScans += await refreshShipmentTracking(deps, shipment, 'system');
      outcome.polled += 1;
    } catch (error) {
      outcome.failed += 1;
      deps.log.warn({ err: error, shipmentId: shipment.id }, 'tracking poll failed');
      if (error instanceof ShiprocketError && error.kind === 'unavailable') break;
    }
  }
  return outcome;
}

/**
 * The shopper's Refresh: polls the order's parcel now. Returns why the latest tracking could not be had, or
 * null; what is stored stays valid either way.
 */
export async function refreshOrderTracking(deps: ShippingDeps, orderId: string): Promise<string | null> {
  const [shipment] = await deps.db.select().from(shipments).where(eq(shipments.orderId, orderId));
  if (!shipment || (FINAL_STAGES as readonly string[]).includes(shipment.stage)) return null;
  try {
    await refreshShipmentTracking(deps, shipment, 'shopper');
    return null;
  } catch (error) {
    deps.log.warn({ err: error, orderId }, 'tracking refresh failed');
    return shippingMessages.trackingUnavailable;
  }
}
