import { type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { type JobPayloads, type JobQueue, type Jobs, jobQueues } from '../job-queues';
import { jobFailures } from '../metrics';

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
