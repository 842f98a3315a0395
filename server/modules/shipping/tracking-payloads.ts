import { z } from 'zod';
import type { TrackingScan, TrackingUpdate } from './apply-tracking';
import { parseShiprocketTime } from './shipment-stages';

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

/** Shiprocket's tracking webhook (../shared/providers.md); unknown fields are kept, missing ones tolerated. */
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
