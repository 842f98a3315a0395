import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Where Shiprocket (or its simulator) posts tracking updates. Shiprocket refuses a webhook URL containing
 * "shiprocket", "kartrocket", "sr" or "kr", so this path avoids them; the host in PUBLIC_URL must too.
 */
export const SHIPPING_WEBHOOK_PATH = '/api/webhooks/courier';

const REFUSED_IN_WEBHOOK_URLS = ['shiprocket', 'kartrocket', 'sr', 'kr'];

/** Why Shiprocket would refuse this webhook URL, or undefined when it would take it. */
export function webhookUrlProblem(url: string): string | undefined {
  const lower = url.toLowerCase();
  const refused = REFUSED_IN_WEBHOOK_URLS.find((word) => lower.includes(word));
  return refused ? `Shiprocket refuses webhook URLs containing "${refused}"` : undefined;
}

/**
 * Whether a webhook's `x-api-key` is our token. Shiprocket signs nothing, so this token is the webhook's only
 * proof of origin: compared in constant time (as digests, so not even its length leaks).
 */
export function webhookTokenMatches(expected: string, received: string | undefined): boolean {
  if (received === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(received));
}
