import { sql } from 'drizzle-orm';
import { handleWhatsAppReply, type ReplyOutcome } from '../flows/whatsapp-replies';
import { type JobPayloads, jobQueues } from '../job-queues';
import { sendOrderEmail } from '../modules/orders/order-email';
import { whatsappSignatureOf } from '../providers/whatsapp/webhook';
import type { TestApp } from './build-test-app';

// docs/architecture.md#whatsapp: the tests run without workers; these do the work of the queued jobs here.

export function whatsappSimulatorOf(app: TestApp) {
  const simulator = app.whatsappSimulator;
  if (!simulator) throw new Error('these tests run against the WhatsApp simulator');
  return simulator;
}

interface QueuedJob<T> {
  id: string;
  data: T;
}

async function takeJobs<T>(
  app: TestApp,
  queue: string,
  where: ReturnType<typeof sql>,
): Promise<QueuedJob<T>[]> {
  const result = (await app.db.execute(
    sql`update pgboss.job set state = 'completed'
        where id in (select id from pgboss.job where name = ${queue} and state = 'created' and ${where})
        returning id, data`,
  )) as unknown as { rows: QueuedJob<T>[] };
  return result.rows;
}

/**
 * Runs the order's queued message jobs (those due now; `delayed` also those waiting to start, as the COD
 * fallback's 15 minutes), with WhatsApp as the workers give it. Returns the jobs run.
 */
export async function runOrderMessages(app: TestApp, orderId: string, options: { delayed?: boolean } = {}) {
  const due = options.delayed ? sql`true` : sql`start_after <= now() + interval '5 seconds'`;
  const jobs = await takeJobs<JobPayloads['order.email']>(
    app,
    jobQueues.sendOrderEmail,
    sql`data->>'orderId' = ${orderId} and ${due}`,
  );
  for (const job of jobs) {
    await sendOrderEmail(app.db, app.notifier, job.data, app.config.publicUrl, {
      client: app.whatsapp?.client,
      jobs: app.jobs,
    });
  }
  await whatsappSimulatorOf(app).settled();
  return jobs.map((job) => job.data);
}

/** Runs the queued reply jobs, all at once (as several workers would): their outcomes. */
export async function runWhatsAppReplies(app: TestApp): Promise<(ReplyOutcome | undefined)[]> {
  const jobs = await takeJobs<JobPayloads['whatsapp.inbound']>(app, jobQueues.handleWhatsAppReply, sql`true`);
  const deps = {
    db: app.db,
    jobs: app.jobs,
    razorpay: app.razorpay,
    log: app.log,
    shiprocket: app.shiprocket.client,
  };
  return Promise.all(jobs.map((job) => handleWhatsAppReply(deps, job.data.wamid)));
}

/** Posts a webhook body to the shop, signed as Meta signs it (or with another secret). */
export function postWhatsAppWebhook(
  app: TestApp,
  body: unknown,
  secret = whatsappSimulatorOf(app).appSecret,
) {
  const payload = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': whatsappSignatureOf(payload, secret),
    },
    payload,
  });
}
