import { and, eq, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { returns } from '../db/schema';
import type { Jobs } from '../job-queues';
import type { ReturnEvent } from '../modules/returns/return-lifecycle';
import { applyReturnEvent, lockReturn, recordReturnTracking } from '../modules/returns/return-writer';
import type { TrackingUpdate } from '../modules/shipping/shipment-records';
import {
  type TrackingWebhook,
  trackingUpdateOfReply,
  trackingUpdateOfWebhook,
} from '../modules/shipping/tracking-payloads';
import { ShiprocketError } from '../providers/shiprocket/client';
import {
  isReturnException,
  isReturnTracking,
  type ReturnParcelStage,
  returnStageOf,
} from '../providers/shiprocket/returns';
import type { ShippingDeps } from './deps';

// docs/architecture.md#shiprocket-returns: a reverse pickup is tracked by the same webhook and polling as a
// forward parcel; its statuses map to return parcel stages, and a stage becomes the return's event.

type ReturnRow = typeof returns.$inferSelect;

// `RET-{return id}`, or `RET-{return id}-{n}` for a pickup booked again after a failed one.
const RETURN_ORDER_ID = /^RET-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-\d+)?$/i;

/** Whether a tracking webhook is about a return parcel: flagged `is_return`, or sent for our `RET-` order id. */
export function isReturnWebhook(payload: TrackingWebhook): boolean {
  return isReturnTracking(payload) || RETURN_ORDER_ID.test(String(payload.order_id ?? ''));
}

/** The return event a stage means (docs/product.md#return-parcel-stages); a later stage implies the pickup. */
export function returnEventOfStage(stage: ReturnParcelStage | undefined): ReturnEvent | undefined {
  switch (stage) {
    case 'pickup_scheduled':
      return { type: 'pickup_booked' };
    case 'picked_up':
    case 'in_transit':
    case 'delivered':
      return { type: 'picked_up' };
    case 'pickup_failed':
    case 'cancelled':
      return { type: 'pickup_failed' };
    case 'lost':
      return { type: 'parcel_lost' };
    default:
      return undefined;
  }
}

/**
 * Applies a return parcel's tracking under the order's and the return's locks: each reported stage, oldest
 * first, as the return's event (each idempotent, a late one changes nothing), and the latest status stored.
 */
export async function applyReturnTracking(
  deps: { db: Database; jobs: Pick<Jobs, 'send'> },
  returnId: string,
  update: TrackingUpdate,
  source: 'webhook' | 'system',
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockReturn(tx, returnId);
    if (!locked) return;
    const reported = [
      ...update.scans.map((scan) => ({ statusId: scan.statusId, label: scan.status })),
      { statusId: update.statusId ?? null, label: update.statusLabel ?? null },
    ];
    let latest: ReturnParcelStage | undefined;
    for (const status of reported) {
      const trouble = isReturnException(status);
      if (trouble) {
        await applyReturnEvent(
          locked,
          deps.jobs,
          { type: 'courier_exception' },
          { source, detail: status.label ?? null },
        );
      }
      const stage = returnStageOf(status);
      if (!stage) continue;
      latest = stage;
      const event = returnEventOfStage(stage);
      if (event) await applyReturnEvent(locked, deps.jobs, event, { source, detail: status.label ?? null });
    }
    await recordReturnTracking(locked, {
      ...(latest ? { parcelStage: latest } : {}),
      ...(update.statusLabel ? { parcelStatusLabel: update.statusLabel } : {}),
      ...(update.awbCode && !locked.row.awbCode ? { awbCode: update.awbCode } : {}),
    });
  });
}

async function findReturnOfWebhook(db: Database, payload: TrackingWebhook): Promise<ReturnRow | undefined> {
  const byOrderId = RETURN_ORDER_ID.exec(String(payload.order_id ?? ''))?.[1];
  const lookups = [
    payload.awb ? eq(returns.awbCode, payload.awb) : undefined,
    byOrderId ? eq(returns.id, byOrderId) : undefined,
    payload.sr_order_id ? eq(returns.shiprocketOrderId, String(payload.sr_order_id)) : undefined,
  ];
  for (const condition of lookups) {
    if (!condition) continue;
    const [row] = await db.select().from(returns).where(condition).limit(1);
    if (row) return row;
  }
  return undefined;
}

/** A return parcel's webhook: 'applied', or 'unknown_shipment' when no return of ours has it. */
export async function receiveReturnTrackingWebhook(
  deps: ShippingDeps,
  payload: TrackingWebhook,
): Promise<'applied' | 'unknown_shipment'> {
  const row = await findReturnOfWebhook(deps.db, payload);
  // A failed earlier pickup's parcel, reporting late: the return has a new AWB, and nothing to learn from it.
  const stale = row?.awbCode && payload.awb && payload.awb !== row.awbCode;
  if (!row || stale) {
    deps.log.info(
      { awb: payload.awb, orderId: payload.order_id },
      'return tracking webhook for a return we do not know',
    );
    return 'unknown_shipment';
  }
  await applyReturnTracking(deps, row.id, trackingUpdateOfWebhook(payload), 'webhook');
  return 'applied';
}

const FINAL_PARCEL_STAGES: ReturnParcelStage[] = ['delivered', 'lost', 'cancelled', 'pickup_failed'];

/** The fallback for lost webhooks: polls every return parcel with an AWB still moving whose tracking is stale. */
export async function pollStaleReturnParcels(
  deps: ShippingDeps,
  options: { staleAfterMinutes?: number; limit?: number } = {},
): Promise<{ polled: number; failed: number }> {
  const staleAfterMinutes = options.staleAfterMinutes ?? 10;
  const due = await deps.db
    .select({ id: returns.id, awbCode: returns.awbCode })
    .from(returns)
    .where(
      and(
        isNotNull(returns.awbCode),
        or(isNull(returns.parcelStage), notInArray(returns.parcelStage, FINAL_PARCEL_STAGES)),
        or(
          isNull(returns.lastTrackedAt),
          lt(returns.lastTrackedAt, sql`now() - make_interval(mins => ${staleAfterMinutes}::int)`),
        ),
      ),
    )
    .orderBy(sql`${returns.lastTrackedAt} asc nulls first`)
    .limit(options.limit ?? 100);
  const outcome = { polled: 0, failed: 0 };
  for (const row of due) {
    try {
      const reply = await deps.shiprocket.client.trackAwb(row.awbCode ?? '');
      await applyReturnTracking(deps, row.id, trackingUpdateOfReply(reply), 'system');
      outcome.polled += 1;
    } catch (error) {
      outcome.failed += 1;
      deps.log.warn({ err: error, returnId: row.id }, 'return tracking poll failed');
      if (error instanceof ShiprocketError && error.kind === 'unavailable') break;
    }
  }
  return outcome;
}
