import webpush from 'web-push';
import type { PushPayload } from '../../../contracts/staff-alerts';
import { isPushServiceEndpoint, pushServiceAgent } from './push-endpoints';
import type { VapidKeys } from './vapid-keys';

/** A browser's push subscription: where to send, and the keys that encrypt for it alone. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** `gone` when the push service says the subscription no longer exists (404 or 410): it is deleted. */
export type PushOutcome = 'sent' | 'gone';

/** Sends one notification; throws when the push service fails otherwise, so the job tries again. */
export type PushSender = (target: PushTarget, payload: PushPayload) => Promise<PushOutcome>;

// A notification about an order is worth little a day later; a phone that is off gets it when it wakes.
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

function isGone(error: unknown): boolean {
  return error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410);
}

/**
 * The real sender: Web Push (RFC 8030) with VAPID (RFC 8292) through the `web-push` library, only to a push
 * service (docs/architecture.md#push-endpoints) and only over connections to public addresses. A stored
 * endpoint that is no push service's (one saved before the check existed) is treated as gone, so it is deleted.
 */
export function webPushSender(keys: () => Promise<VapidKeys>, agent = pushServiceAgent()): PushSender {
  return async (target, payload) => {
    if (!isPushServiceEndpoint(target.endpoint)) return 'gone';
    const { publicKey, privateKey, subject } = await keys();
    try {
      await webpush.sendNotification(target, JSON.stringify(payload), {
        vapidDetails: { subject, publicKey, privateKey },
        TTL: TIME_TO_LIVE_SECONDS,
        urgency: 'high',
        timeout: TIMEOUT_MS,
        agent,
      });
      return 'sent';
    } catch (error) {
      if (isGone(error)) return 'gone';
      throw error;
    }
  };
}
