import { type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { OrderEmailKind } from '../../contracts/orders';
import type { ReturnMessageKind } from '../../contracts/returns';
import type { Database } from '../db/client';
import { jobFailures } from '../metrics';

/** Every queue the app uses; pg-boss needs a queue to exist before a job can be sent to it. */
export const jobQueues = {
  createShipment: 'shipment.create',
  sendOrderEmail: 'order.email',
  reconcilePayments: 'payments.reconcile',
  pollTracking: 'shipment.poll-tracking',
  refundCancelledOrder: 'order.refund',
  refundStrayPayment: 'payment.refund-stray',
  forwardContactMessage: 'contact.forward',
  sendContactReply: 'contact.reply',
  alertLowStock: 'stock.low-alert',
  alertNewOrder: 'staff.new-order',
  alertAttention: 'staff.attention',
  sendDailyDigests: 'staff.daily-digest',
  releaseExpiredHolds: 'holds.release-expired',
  expireUnconfirmedCod: 'cod.expire-unconfirmed',
  // docs/architecture.md#returns
  bookReturnPickup: 'return.book-pickup',
  refundReturn: 'return.refund',
  sendReturnMessage: 'return.message',
} as const;

export type JobQueue = (typeof jobQueues)[keyof typeof jobQueues];

/** What each queue's jobs carry: `send` refuses any other payload at compile time. */
export interface JobPayloads {
  'shipment.create': { orderId: string };
  /**
   * `refundId` (a partial refund's first message): our refunds row, told once; without it a partial refund's
   * message is the latest one sent, sent again.
   */
  'order.email': { orderId: string; kind: OrderEmailKind; refundId?: string };
  /** Scheduled: pg-boss's cron sends no data. */
  'payments.reconcile': Record<string, never>;
  'shipment.poll-tracking': Record<string, never>;
  'order.refund': { orderId: string };
  /** Our payments row id of a second captured payment. */
  'payment.refund-stray': { paymentId: string };
  /** Our contact_messages row id, and which of its two e-mails: one job each, so a retry repeats neither. */
  'contact.forward': { messageId: string; recipient: 'shop' | 'sender' };
  /** Our contact_replies row id: the console's reply, e-mailed to the message's sender. */
  'contact.reply': { replyId: string };
  /** A product whose stock reached its low-stock threshold: the owners are e-mailed once per crossing. */
  'stock.low-alert': { productId: number };
  /** A newly paid order: e-mails to the staff who chose "each order", and pushes (docs/product.md#staff-alerts). */
  'staff.new-order': { orderId: string };
  /** Our order_attention row id: a new needs-attention flag, pushed to the devices that asked. */
  'staff.attention': { attentionId: string };
  /** Scheduled every hour: from 9:00 am IST, the daily digests not sent yet. */
  'staff.daily-digest': Record<string, never>;
  /** Scheduled every minute: the checkouts' holds past their time are given back (docs/architecture.md#holds). */
  'holds.release-expired': Record<string, never>;
  /** Scheduled every minute: COD orders unconfirmed past their time are cancelled (docs/product.md#cash-on-delivery). */
  'cod.expire-unconfirmed': Record<string, never>;
  /** Our returns row id: books (or finds) its reverse pickup at Shiprocket. */
  'return.book-pickup': { returnId: string };
  /** Our returns row id: asks the provider for its pending refund attempt, if no reply was recorded. */
  'return.refund': { returnId: string };
  /** A step of the return told to the shopper, by e-mail or SMS. */
  'return.message': { returnId: string; kind: ReturnMessageKind };
}

export interface JobOptions {
  startAfterSeconds?: number;
  /**
   * At most one job of the queue with this key waiting, retrying or running: a send while there is one
   * queues nothing. (pg-boss itself dedupes keys only on singleton and stately queues; ours are standard.)
   */
  singletonKey?: string;
}

export interface Jobs {
  /**
   * Enqueues inside the caller's transaction (docs/architecture.md#durable-work): the job exists if and only if the
   * change that needs it commits. False when nothing was queued because of `singletonKey`.
   */
  send<Q extends JobQueue>(
    tx: Database,
    queue: Q,
    data: JobPayloads[Q],
    options?: JobOptions,
  ): Promise<boolean>;
  /** Runs `handler` for each job of the queue in this process; a throw retries the job with backoff. */
  work<Q extends JobQueue>(queue: Q, handler: (data: JobPayloads[Q]) => Promise<void>): Promise<void>;
  schedule(queue: JobQueue, cron: string): Promise<void>;
  boss: PgBoss;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * pg-boss's SQL with its `$n` placeholders, as a Drizzle query with the same values bound. Drizzle numbers
 * parameters itself, so a placeholder used twice would become two parameters that Postgres may type apart:
 * such texts are refused (pg-boss's `insert` uses each placeholder once; its `send` does not).
 */
export function toDrizzleSql(text: string, values: readonly unknown[] = []): SQL {
  const query = sql.empty();
  const seen = new Set<string>();
  text.split(/\$(\d+)/).forEach((part, index) => {
    if (index % 2 === 0) {
      query.append(sql.raw(part));
      return;
    }
    // Odd parts are the placeholder numbers the split captured.
    if (seen.has(part)) throw new Error(`placeholder $${part} is used twice; cannot bind it through Drizzle`);
    seen.add(part);
    query.append(sql`${sql.param(values[Number(part) - 1])}`);
  });
  return query;
}

function transactionDb(tx: Database): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = (await tx.execute(toDrizzleSql(text, values))) as { rows?: unknown[] };
      return { rows: result.rows ?? [] };
    },
  };
}

/**
 * Whether the queue has a live job with this key, asked under a lock on the key that lasts until the caller's
 * transaction ends: a second sender waits, then sees the first one's job.
 */
async function hasLiveJob(tx: Database, queue: JobQueue, singletonKey: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${queue}:${singletonKey}`}, 0))`);
  const result = (await tx.execute(
    sql`select 1 from pgboss.job where name = ${queue} and singleton_key = ${singletonKey}
        and state in ('created', 'retry', 'active') limit 1`,
  )) as { rows?: unknown[] };
  return (result.rows ?? []).length > 0;
}

export interface JobsOptions {
  pollingIntervalSeconds?: number;
  /** Replaces the queues' first retry delay, even on queues made before (a test's template database). */
  retryDelaySeconds?: number;
}

const queuePolicy = { retryLimit: 12, retryDelay: 5, retryBackoff: true };

/** pg-boss in the shop's own database (PGlite or PostgreSQL), started with the app and stopped before it. */
export default fp(
  async (app, options: JobsOptions) => {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => app.executeSql(text, values) },
      schema: 'pgboss',
    });
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    // The first start on an empty database makes pg-boss's schema and the queues: one process at a time.
    await app.oneStartAtATime(async () => {
      await boss.start();
      for (const queue of Object.values(jobQueues)) {
        await boss.createQueue(queue, { name: queue, ...queuePolicy });
        if (options.retryDelaySeconds !== undefined) {
          await boss.updateQueue(queue, {
            name: queue,
            ...queuePolicy,
            retryDelay: options.retryDelaySeconds,
          });
        }
      }
    });

    const jobs: Jobs = {
      boss,
      async send(tx, queue, data, jobOptions = {}) {
        const { singletonKey, startAfterSeconds } = jobOptions;
        if (singletonKey && (await hasLiveJob(tx, queue, singletonKey))) return false;
        await boss.insert(
          [
            {
              name: queue,
              data,
              ...(startAfterSeconds ? { startAfter: String(startAfterSeconds) } : {}),
              ...(singletonKey ? { singletonKey } : {}),
            },
          ],
          { db: transactionDb(tx) },
        );
        return true;
      },
      async work(queue, handler) {
        await boss.work<JobPayloads[typeof queue]>(
          queue,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, includeMetadata: true },
          async (batch) => {
            for (const job of batch) {
              try {
                await handler(job.data);
              } catch (error) {
                const outcome = job.retryCount < job.retryLimit ? 'retried' : 'gave_up';
                jobFailures.inc({ queue, outcome });
                throw error;
              }
            }
          },
        );
      },
      async schedule(queue, cron) {
        await boss.schedule(queue, cron);
      },
    };
    app.decorate('jobs', jobs);
    // Registered after the database plugin, so this runs before the database closes.
    app.addHook('onClose', () => boss.stop({ graceful: true, wait: true, timeout: 5_000 }));
  },
  { name: 'jobs', dependencies: ['database'] },
);
