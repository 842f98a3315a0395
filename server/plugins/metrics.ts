import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { messages } from '../../contracts/messages';
import { collectProcessMetrics, counters } from '../metrics';

export interface MetricsOptions {
  /** The bearer token a scrape must carry. */
  token: string;
}

/** The provider of each webhook route, by its pattern. */
const webhookRoutes: Record<string, string> = {
  '/api/payment/webhook': 'razorpay',
  '/api/webhooks/courier': 'shiprocket',
};

function webhookOutcome(statusCode: number): string {
  if (statusCode < 300) return 'applied';
  if (statusCode === 401 || statusCode === 403) return 'refused';
  if (statusCode < 500) return 'invalid';
  return 'failed';
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * docs/operations.md#metrics: /metrics in Prometheus's text format, for a scraper holding the token. The
 * per-request figures are counted here; the queue depth and the pool are read at each scrape.
 */
export default fp(
  async (app, options: MetricsOptions) => {
    collectProcessMetrics();
    const registry = new Registry();
    const requestLabels = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({
      name: 'shop_http_requests_total',
      help: 'Requests answered, by method, route pattern and status',
      labelNames: requestLabels,
      registers: [registry],
    });
    const requestSeconds = new Histogram({
      name: 'shop_http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status',
      labelNames: requestLabels,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    const rateLimitRefusals = new Counter({
      name: 'shop_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit, by route pattern',
      labelNames: ['route'] as const,
      registers: [registry],
    });
    const webhooks = new Counter({
      name: 'shop_webhooks_total',
      help: 'Webhooks received, by provider and outcome (applied, refused, invalid, failed)',
      labelNames: ['provider', 'outcome'] as const,
      registers: [registry],
    });
    new Gauge({
      name: 'shop_job_queue_depth',
      help: 'Jobs waiting (created), waiting to retry (retry) or running (active), by queue',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const { rows } = await app.executeSql(
          `select name, state, count(*)::int as jobs from pgboss.job
           where state in ('created', 'retry', 'active') group by name, state`,
        );
        for (const row of rows as { name: string; state: string; jobs: number }[]) {
          this.set({ queue: row.name, state: row.state }, row.jobs);
        }
      },
    });
    const pool = app.databasePool;
    if (pool) {
      new Gauge({
        name: 'shop_database_pool_connections',
        help: 'PostgreSQL pool connections: open in all (total), idle, and requests waiting for one (waiting)',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }

    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      // The pattern, not the URL: one series per route however many products or orders there are.
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status_code: reply.statusCode };
      requests.inc(labels);
      requestSeconds.observe(labels, reply.elapsedTime / 1000);
      if (reply.statusCode === 429) rateLimitRefusals.inc({ route });
      const provider = webhookRoutes[route];
      if (provider) webhooks.inc({ provider, outcome: webhookOutcome(reply.statusCode) });
      done();
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      // Without the token /metrics is not there at all (404), as when it is not configured: a scan learns nothing.
      if (!tokenMatches(request.headers.authorization, options.token)) {
        return reply.code(404).send({ message: messages.notFound });
      }
      const text = (await counters.metrics()) + (await registry.metrics());
      return reply.type(registry.contentType).send(text);
    });
  },
  { name: 'metrics', dependencies: ['database', 'jobs'] },
);
