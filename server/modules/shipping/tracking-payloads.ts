import { z } from 'zod';
import { parseShiprocketTime } from '../../providers/shiprocket/ist-time';
import type { TrackingScan, TrackingUpdate } from './shipment-records';

const text = z.union([z.string(), z.number()]).transform(String).nullish();
const statusId = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => {
    const id = Number(value);
    return value === null || value === undefined || value === '' || !Number.isInteger(id) ? null : id;
  });

const ScanSchema = z.looseObject({
  date: text,
  status: text,
  activity: text,
  location: text,
  'sr-status': statusId,
  'sr-status-label': text,
});

/** Shiprocket's tracking webhook (docs/architecture.md#shiprocket); unknown fields are kept, missing ones tolerated. */
export const TrackingWebhookSchema = z.looseObject({
  awb: text,
  courier_name: text,
  current_status: text,
  current_status_id: statusId,
  shipment_status: text,
  shipment_status_id: statusId,
  current_timestamp: text,
  order_id: text,
  sr_order_id: text,
  etd: text,
  scans: z.array(ScanSchema).max(500).nullish(),
  is_return: z.union([z.boolean(), z.number()]).nullish(),
});
export type TrackingWebhook = z.infer<typeof TrackingWebhookSchema>;

type Scan = z.infer<typeof ScanSchema>;

export function toTrackingScan(scan: Scan): TrackingScan | undefined {
  const occurredAt = parseShiprocketTime(scan.date);
  if (!occurredAt) return undefined;
  return {
    occurredAt,
    statusId: scan['sr-status'],
    status: scan['sr-status-label'] || scan.status || 'UPDATE',
    activity: scan.activity ?? '',
    location: scan.location ?? '',
    raw: scan,
  };
}

export function trackingUpdateOfWebhook(payload: TrackingWebhook): TrackingUpdate {
  return {
    statusId: payload.shipment_status_id ?? payload.current_status_id,
    statusLabel: payload.shipment_status ?? payload.current_status,
    awbCode: payload.awb || null,
    courierName: payload.courier_name || null,
    estimatedDelivery: parseShiprocketTime(payload.etd) ?? null,
    scans: (payload.scans ?? []).flatMap((scan) => toTrackingScan(scan) ?? []),
  };
}

const TrackingDataSchema = z.looseObject({
  track_status: z.union([z.number(), z.string()]).nullish(),
  shipment_status: statusId,
  shipment_track: z
    .array(z.looseObject({ awb_code: text, courier_name: text, current_status: text, edd: text }))
    .nullish(),
  shipment_track_activities: z.array(ScanSchema).max(500).nullish(),
  track_url: text,
  etd: text,
});

// docs/architecture.md#shiprocket gives `{tracking_data}`; some accounts get it wrapped under the shipment id or AWB as key.
function trackingDataOf(reply: unknown): unknown {
  if (typeof reply !== 'object' || reply === null) return undefined;
  if ('tracking_data' in reply) return reply.tracking_data;
  const nested = Object.values(reply).find(
    (value) => typeof value === 'object' && value !== null && 'tracking_data' in value,
  ) as { tracking_data: unknown } | undefined;
  return nested?.tracking_data;
}

/**
 * A tracking reply (`/courier/track/shipment/{id}` or `/courier/track/awb/{awb}`) as an update; before the
 * first scan ("track_status: 0") it carries nothing but the fact that we asked.
 */
export function trackingUpdateOfReply(reply: unknown): TrackingUpdate {
  const parsed = TrackingDataSchema.safeParse(trackingDataOf(reply));
  if (!parsed.success || Number(parsed.data.track_status) !== 1) return { scans: [] };
  const data = parsed.data;
  const track = data.shipment_track?.[0];
  return {
    statusId: data.shipment_status,
    statusLabel: track?.current_status ?? null,
    awbCode: track?.awb_code || null,
    courierName: track?.courier_name || null,
    estimatedDelivery: parseShiprocketTime(data.etd ?? track?.edd) ?? null,
    trackingUrl: data.track_url || null,
    // Listed newest first; stored oldest first, as webhooks send them.
    scans: (data.shipment_track_activities ?? []).flatMap((scan) => toTrackingScan(scan) ?? []).reverse(),
  };
}
