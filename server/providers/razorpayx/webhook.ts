import { verifyWebhookSignature } from '../razorpay/signatures';
import type { PayoutStatus, PayoutWebhookEvent, RazorpayXPayout } from './types';

/** Where RazorpayX (or its simulator) posts payout webhooks: set it in the RazorpayX dashboard. */
export const PAYOUT_WEBHOOK_PATH = '/api/webhooks/payouts';

/** The events the shop acts on; RazorpayX sends others (payout.queued, payout.initiated, …) too. */
export const PAYOUT_EVENTS_USED = [
  'payout.processed',
  'payout.failed',
  'payout.reversed',
  'payout.updated',
] as const;

export type PayoutEventName = (typeof PAYOUT_EVENTS_USED)[number];

const STATUSES: ReadonlySet<string> = new Set<PayoutStatus>([
  'queued',
  'pending',
  'rejected',
  'processing',
  'processed',
  'cancelled',
  'reversed',
  'failed',
]);

export type PayoutWebhookReading =
  /** Not from RazorpayX (a wrong signature), or not a payout event it would send: answer 400. */
  | { kind: 'refused'; reason: 'bad_signature' | 'malformed' }
  /** Signed and well formed, an event the shop does not act on: answer 200 and drop it. */
  | { kind: 'ignored'; event: string }
  | {
      kind: 'payout';
      event: PayoutEventName;
      payout: RazorpayXPayout;
      /**
       * RazorpayX may send a webhook more than once, and its advice is to de-duplicate on the payout id and
       * status: a delivery whose key was seen before changes nothing.
       */
      dedupeKey: string;
    };

function isPayout(value: unknown): value is RazorpayXPayout {
  if (typeof value !== 'object' || value === null) return false;
  const payout = value as Partial<RazorpayXPayout>;
  return (
    payout.entity === 'payout' &&
    typeof payout.id === 'string' &&
    typeof payout.amount === 'number' &&
    typeof payout.status === 'string' &&
    STATUSES.has(payout.status)
  );
}

/**
 * Reads a payout webhook from its raw body exactly as received: the signature (X-Razorpay-Signature, HMAC-SHA256
 * with the webhook secret, as for payments) is checked first, and only then is the body parsed.
 */
export function readPayoutWebhook(input: {
  rawBody: string;
  signature: string | undefined;
  webhookSecret: string;
}): PayoutWebhookReading {
  const { rawBody, signature, webhookSecret } = input;
  if (!signature || !verifyWebhookSignature({ rawBody, signature, webhookSecret })) {
    return { kind: 'refused', reason: 'bad_signature' };
  }
  let body: Partial<PayoutWebhookEvent>;
  try {
    body = JSON.parse(rawBody) as Partial<PayoutWebhookEvent>;
  } catch {
    return { kind: 'refused', reason: 'malformed' };
  }
  if (body?.entity !== 'event' || typeof body.event !== 'string') {
    return { kind: 'refused', reason: 'malformed' };
  }
  const used = (PAYOUT_EVENTS_USED as readonly string[]).includes(body.event);
  if (!used) return { kind: 'ignored', event: body.event };
  const payout = body.payload?.payout?.entity;
  if (!isPayout(payout)) return { kind: 'refused', reason: 'malformed' };
  return {
    kind: 'payout',
    event: body.event as PayoutEventName,
    payout,
    dedupeKey: `${payout.id}:${payout.status}`,
  };
}
