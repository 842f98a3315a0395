import { z } from 'zod';
import type { NdrReason } from '../../../contracts/ndr-rules';
import { parseShiprocketTime } from '../../providers/shiprocket/ist-time';
import { NDR_STATUS_ID } from '../../providers/shiprocket/ndr';
import type { TrackingUpdate } from './shipment-records';

// docs/architecture.md#shiprocket-ndr: a courier's failed delivery attempt, read from a tracking update (webhook or
// poll) or from Shiprocket's NDR list, and the courier's words grouped into our reasons.

// Couriers word their reasons freely; the first group whose words appear wins (refusal before the rest: "customer
// refused, not available" is a refusal).
const reasonWords: [NdrReason, RegExp][] = [
  ['customer_refused', /refus|reject|not accept|denied|cancel/i],
  ['future_delivery', /future|reschedul|another day|later date|deferred|next day/i],
  ['cod_not_ready', /\bcod\b|cash|amount not ready|payment not ready|money/i],
  ['phone_unreachable', /phone|not reachable|unreachable|switched off|not answering|not responding|call/i],
  ['address_issue', /address|incomplete|incorrect|wrong|locat|landmark|not found|out of delivery area/i],
  [
    'customer_unavailable',
    /not available|unavailable|door locked|premises closed|absent|not at home|closed/i,
  ],
];

export function ndrReasonOf(remark: string | null | undefined): NdrReason {
  if (!remark) return 'other';
  return reasonWords.find(([, words]) => words.test(remark))?.[0] ?? 'other';
}

export interface FailedAttempt {
  /** Attempts so far: the update's UNDELIVERED scans, at least 1. */
  attempts: number;
  at: Date;
  reason: NdrReason;
  /** The courier's words, without the simulator's or a courier's "Undelivered - " prefix. */
  remark: string | null;
}

function remarkOf(activity: string): string | null {
  const words = activity.replace(/^\s*undelivered\s*[-:]\s*/i, '').trim();
  return words === '' ? null : words.slice(0, 300);
}

/**
 * The failed attempt a tracking update reports: its status is 21 UNDELIVERED (a forward parcel's; the caller has
 * set return parcels apart). Undefined for any other status.
 */
export function failedAttemptOf(update: TrackingUpdate, now: Date): FailedAttempt | undefined {
  if (update.statusId !== NDR_STATUS_ID) return undefined;
  const scans = update.scans.filter((scan) => scan.statusId === NDR_STATUS_ID);
  const latest = scans.reduce<(typeof scans)[number] | undefined>(
    (last, scan) => (!last || scan.occurredAt.getTime() >= last.occurredAt.getTime() ? scan : last),
    undefined,
  );
  const remark = latest ? remarkOf(latest.activity) : (update.statusLabel ?? null);
  return {
    attempts: Math.max(1, scans.length),
    at: latest?.occurredAt ?? now,
    reason: ndrReasonOf(remark),
    remark,
  };
}

const text = z.union([z.string(), z.number()]).transform(String).nullish();

const ListedNdrSchema = z.looseObject({
  awb_code: text,
  awb: text,
  channel_order_id: text,
  attempts: z.coerce.number().int().min(0).nullish(),
  reason: text,
  ndr_raised_at: text,
  action_by_date: text,
  action_taken: text,
});

export interface NdrListing {
  awb: string;
  orderId: string | null;
  attempts: number;
  reason: NdrReason;
  remark: string | null;
  raisedAt: Date | null;
  /** The courier's deadline for an action, when the list gives one. */
  actionBy: Date | null;
  actionTaken: string | null;
}

/** A row of `GET /ndr/all` or `GET /ndr/{awb}`, its field names unconfirmed: what cannot be read is null. */
export function ndrOfListing(row: unknown): NdrListing | undefined {
  const parsed = ListedNdrSchema.safeParse(row);
  if (!parsed.success) return undefined;
  const data = parsed.data;
  const awb = data.awb_code ?? data.awb;
  if (!awb) return undefined;
  return {
    awb,
    orderId: data.channel_order_id ?? null,
    attempts: data.attempts ?? 1,
    reason: ndrReasonOf(data.reason),
    remark: data.reason ?? null,
    raisedAt: parseShiprocketTime(data.ndr_raised_at) ?? null,
    actionBy: parseShiprocketTime(data.action_by_date) ?? null,
    actionTaken: data.action_taken ?? null,
  };
}
