import { Counter, collectDefaultMetrics, Registry } from 'prom-client';

/**
 * docs/operations.md#metrics: the counters code anywhere in the server moves, in one registry per process
 * (not prom-client's global one). /metrics (server/plugins/metrics.ts) adds the request, queue and pool
 * figures of its app.
 */
export const counters = new Registry();

export const paymentsConfirmed = new Counter({
  name: 'shop_payments_confirmed_total',
  help: 'Orders made paid, by who reported the payment first: browser, webhook or reconciler',
  labelNames: ['source'] as const,
  registers: [counters],
});

export const messagesSent = new Counter({
  name: 'shop_messages_sent_total',
  help: 'E-mails, SMS and WhatsApp messages handed to their transport, by channel and outcome (sent or failed)',
  labelNames: ['channel', 'outcome'] as const,
  registers: [counters],
});

/** docs/product.md#winback: checkout reminders and back-in-stock notices, sent or skipped (with why). */
export const promoMessages = new Counter({
  name: 'shop_promo_messages_total',
  help: 'Promotional messages (checkout reminders, back-in-stock notices) by kind and outcome (sent, skipped_<why>)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [counters],
});

export const jobFailures = new Counter({
  name: 'shop_job_failures_total',
  help: 'Job runs that threw, by queue and whether pg-boss retries the job or gave up on it',
  labelNames: ['queue', 'outcome'] as const,
  registers: [counters],
});

/** The checkout's own report comes from the shopper's browser. */
export function countPaymentConfirmed(source: string) {
  paymentsConfirmed.inc({ source: source === 'checkout' ? 'browser' : source });
}

let processMetricsStarted = false;

/**
 * docs/operations.md#stalls-and-memory: prom-client's figures of the process itself into `counters`, once per
 * process however many apps it builds: memory (resident, heap), CPU, the event loop's delay (its p99 over
 * each scrape interval) and the time spent in garbage collection, by kind.
 */
export function collectProcessMetrics() {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  collectDefaultMetrics({
    register: counters,
    eventLoopMonitoringPrecision: 10,
    gcDurationBuckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5],
  });
}
