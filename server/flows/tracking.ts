import { and, eq, isNotNull, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import { shippingMessages } from '../../contracts/shipping';
import type { Database } from '../db/client';
import { shipments } from '../db/schema';
import type { Jobs } from '../job-queues';
import type { ChangeSource } from '../modules/history/status-history';
import { laterStage, type OrderEvent } from '../modules/orders/lifecycle';
import { isOrderId } from '../modules/orders/order-view';
import { applyOrderEvent, lockOrder } from '../modules/orders/order-writer';
import { recordTracking, reportedStages, type TrackingUpdate } from '../modules/shipping/shipment-records';
import { isCourierException } from '../modules/shipping/shipment-stages';
import {
  type TrackingWebhook,
  TrackingWebhookSchema,
  trackingUpdateOfReply,
  trackingUpdateOfWebhook,
} from '../modules/shipping/tracking-payloads';
import { ShiprocketError } from '../providers/shiprocket/client';
import { SHIPROCKET_STATUS } from '../providers/shiprocket/cod';
import type { ShippingDeps } from './deps';
import { noteDeliveryOutcome } from './ndr';
import { isReturnWebhook, receiveReturnTrackingWebhook } from './return-tracking';

type ShipmentRow = typeof shipments.$inferSelect;

/**
 * Applies a tracking update under the order's locks: the order lifecycle settles the parcel's stage (it only
 * moves forward) and moves the order's status and e-mails with it; the shipment stores the new scans. Returns
 * how many scans were new.
 */
export async function applyTrackingUpdate(
  deps: { db: Database; jobs: Pick<Jobs, 'send'> },
  shipmentId: string,
  update: TrackingUpdate,
  source: ChangeSource,
): Promise<number> {
  const [parcel] = await deps.db
    .select({ orderId: shipments.orderId })
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  if (!parcel) return 0;
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, parcel.orderId);
    const shipment = locked?.shipment;
    if (!locked || !shipment) return 0;
    const stages = reportedStages(update);
    let stage = shipment.stage;
    if (stages.length > 0) {
      const reported = stages.reduce(laterStage, shipment.stage);
      const event: OrderEvent =
        reported === 'cancelled'
          ? { type: 'parcel_cancelled_by_courier' }
          : { type: 'courier_stage_reported', stage: reported };
      const decision = await applyOrderEvent(locked, deps.jobs, event, source);
      if (decision.outcome === 'applied') stage = decision.next.shipmentStage ?? stage;
    }
    if (typeof update.statusId === 'number') {
      const exception = isCourierException(update.statusId);
      await applyOrderEvent(locked, deps.jobs, { type: 'courier_status_reported', exception }, source);
    }
    // docs/product.md#cash-on-delivery: the parcel is back with us (RTO DELIVERED): its stock comes back.
    const backWithUs = reportsRtoDelivered(update);
    if (backWithUs) {
      await applyOrderEvent(locked, deps.jobs, { type: 'rto_received' }, source);
    }
    // docs/product.md#failed-deliveries: a failed attempt opens or counts the parcel's report; the end closes it.
    await noteDeliveryOutcome(locked, deps.jobs, update, { delivered: stage === 'delivered', backWithUs });
    return recordTracking(tx, shipment, update, stage);
  });
}

function reportsRtoDelivered(update: TrackingUpdate): boolean {
  return [update.statusId, ...update.scans.map((scan) => scan.statusId)].includes(
    SHIPROCKET_STATUS.rtoDelivered,
  );
}

export type WebhookOutcome = 'applied' | 'unknown_shipment' | 'unreadable';

/** The parcel a webhook is about: by AWB, else by our order id (sent as order_id), else by Shiprocket's. */
async function findShipmentOfWebhook(db: Database, payload: TrackingWebhook) {
  const lookups = [
    payload.awb ? eq(shipments.awbCode, payload.awb) : undefined,
    // Our ids are UUIDs; anything else would make Postgres refuse the comparison.
    payload.order_id && isOrderId(payload.order_id) ? eq(shipments.orderId, payload.order_id) : undefined,
    payload.sr_order_id ? eq(shipments.shiprocketOrderId, payload.sr_order_id) : undefined,
  ];
  for (const condition of lookups) {
    if (!condition) continue;
    const [row] = await db.select().from(shipments).where(condition).limit(1);
    if (row) return row;
  }
  return undefined;
}

/**
 * A tracking webhook whose token checked out. Whatever it holds, Shiprocket gets a 200 (it retries anything
 * else and may switch the webhook off), so what cannot be used is logged and dropped.
 */
export async function receiveTrackingWebhook(deps: ShippingDeps, body: unknown): Promise<WebhookOutcome> {
  const parsed = TrackingWebhookSchema.safeParse(body);
  if (!parsed.success) {
    deps.log.warn({ issues: parsed.error.issues.slice(0, 5) }, 'unreadable tracking webhook dropped');
    return 'unreadable';
  }
  const payload = parsed.data;
  // A return parcel first: its AWB and RET- order id are never a forward parcel's (docs/architecture.md#shiprocket-returns).
  if (isReturnWebhook(payload)) return receiveReturnTrackingWebhook(deps, payload);
  const shipment = await findShipmentOfWebhook(deps.db, payload);
  if (!shipment) {
    deps.log.info(
      { awb: payload.awb, orderId: payload.order_id, status: payload.shipment_status },
      'tracking webhook for a shipment we do not know',
    );
    return 'unknown_shipment';
  }
  await applyTrackingUpdate(deps, shipment.id, trackingUpdateOfWebhook(payload), 'webhook');
  return 'applied';
}

/** Parcels still moving: tracking has nothing more to say about the others. */
const FINAL_STAGES = ['delivered', 'cancelled', 'returned'] as const;

/** A returned parcel still moves until it is back with us (RTO DELIVERED): its receipt puts the stock back. */
const stillMoving = or(
  notInArray(shipments.stage, [...FINAL_STAGES]),
  and(
    eq(shipments.stage, 'returned'),
    or(isNull(shipments.statusCode), ne(shipments.statusCode, SHIPROCKET_STATUS.rtoDelivered)),
  ),
);

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
  return applyTrackingUpdate(deps, shipment.id, trackingUpdateOfReply(reply), source);
}

function isFinal(stage: string): boolean {
  return (FINAL_STAGES as readonly string[]).includes(stage);
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
        stillMoving,
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
  const backWithUs = shipment?.stage === 'returned' && shipment.statusCode === SHIPROCKET_STATUS.rtoDelivered;
  if (!shipment || backWithUs || (shipment.stage !== 'returned' && isFinal(shipment.stage))) return null;
  try {
    await refreshShipmentTracking(deps, shipment, 'shopper');
    return null;
  } catch (error) {
    deps.log.warn({ err: error, orderId }, 'tracking refresh failed');
    return shippingMessages.trackingUnavailable;
  }
}
