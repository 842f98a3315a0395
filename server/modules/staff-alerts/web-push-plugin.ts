import fp from 'fastify-plugin';
import { type ResolveAll, resolveAll } from './push-endpoints';
import { type PushSender, webPushSender } from './push-sender';
import { resolveVapidKeys, type VapidKeys } from './vapid-keys';

/** Browser push to the console, or null when this shop has it off (production without VAPID_* settings). */
export interface WebPush {
  keys(): Promise<VapidKeys>;
  send: PushSender;
  /** Resolves a push service's name when a device subscribes (docs/architecture.md#push-endpoints). */
  resolveHost: ResolveAll;
}

declare module 'fastify' {
  interface FastifyInstance {
    webPush: WebPush | null;
  }
}

/** docs/operations.md#alerts */
export default fp(
  async (app) => {
    const config = app.config.webPush;
    if (config.kind === 'off') {
      app.log.info(
        'browser push to the console is off: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT to turn it on (docs/operations.md#alerts)',
      );
      app.decorate('webPush', null);
      return;
    }
    // Asked for when first needed; a failure (database down) is asked again next time.
    let pending: Promise<VapidKeys> | undefined;
    const keys = () => {
      pending ??= resolveVapidKeys(app.db, config).catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
      return pending;
    };
    app.decorate('webPush', { keys, send: webPushSender(keys), resolveHost: resolveAll });
  },
  { name: 'web-push', dependencies: ['database'] },
);
