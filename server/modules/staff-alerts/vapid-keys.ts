import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { WebPushConfig } from '../../config';
import type { Database } from '../../db/client';
import { webPushKeys } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * docs/operations.md#alerts: the configured pair, or (development and tests) the pair kept in `web_push_keys`,
 * made by whichever process asks first: every process signs with the same one, and a restart keeps the
 * browsers' subscriptions working.
 */
export async function resolveVapidKeys(
  db: Database,
  config: Exclude<WebPushConfig, { kind: 'off' }>,
): Promise<VapidKeys> {
  if (config.kind === 'configured') return config;
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(webPushKeys)
    .values({ id: 1, ...made })
    .onConflictDoNothing();
  const [stored] = await db
    .select({ publicKey: webPushKeys.publicKey, privateKey: webPushKeys.privateKey })
    .from(webPushKeys)
    .where(eq(webPushKeys.id, 1));
  if (!stored) throw new Error('the VAPID keys were not stored');
  return { ...stored, subject: config.subject };
}
