import { eq } from 'drizzle-orm';
import { shipments } from '../../db/schema';
import { isOrderId } from '../orders/order-view';
import { applyTrackingUpdate } from './apply-tracking';
import type { ShippingDeps } from './shipping-deps';
import { type TrackingWebhook, TrackingWebhookSchema, trackingUpdateOfWebhook } from './tracking-payloads';

export type WebhookOutcome = 'applied' | 'unknown_shipment' | 'unreadable';

/** The parcel a webhook is about: by AWB, else by our order id (sent as order_id), else by Shiprocket's. */
async function findShipmentOfWebhook(deps: ShippingDeps, payload: TrackingWebhook) {
  const lookups = [
    payload.awb ? eq(shipments.awbCode, payload.awb) : undefined,
    // Our ids are UUIDs; anything else would make Postgres refuse the comparison.
    payload.order_id && isOrderId(payload.order_id) ? eq(shipments.orderId, payload.order_id) : undefined,
    payload.sr_order_id ? eq(shipments.shiprocketOrderId, payload.sr_order_id) : undefined,
  ];
  for (const condition of lookups) {
    if (!condition) continue;
    const [row] = await deps.db.select().from(shipments).where(condition).limit(1);
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
  const shipment = await findShipmentOfWebhook(deps, payload);
  if (!shipment) {
    deps.log.info(
      { awb: payload.awb, orderId: payload.order_id, status: payload.shipment_status },
      'tracking webhook for a shipment we do not know',
    );
    return 'unknown_shipment';
  }
  await applyTrackingUpdate(deps.db, deps.jobs, shipment.id, trackingUpdateOfWebhook(payload), 'webhook');
  return 'applied';
}
