import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { payoutWebhookEvents } from '../../db/schema';
import { AppError } from '../../errors';
import { settlePayout } from '../../flows/cod-refunds';
import { raiseSecurityAlert } from '../../modules/security-alerts/security-alerts';
import { PAYOUT_WEBHOOK_PATH, readPayoutWebhook } from '../../providers/razorpayx/webhook';

// docs/architecture.md#payouts: RazorpayX's payout webhooks, at PAYOUT_WEBHOOK_PATH. Signed like Razorpay's
// (the raw body, HMAC-SHA256 with the webhook secret); delivered at least once, and de-duplicated on the payout
// id and status as RazorpayX advises.

export const payoutWebhookMessages = {
  invalidSignature: 'Invalid webhook signature',
  malformed: 'The webhook body is not a RazorpayX payout event.',
} as const;

/** Stores the delivery's key; `duplicate` when one with that key was processed before. */
async function receive(db: Database, dedupeKey: string, event: string): Promise<'new' | 'duplicate'> {
  const [inserted] = await db
    .insert(payoutWebhookEvents)
    .values({ dedupeKey, event })
    .onConflictDoNothing()
    .returning({ dedupeKey: payoutWebhookEvents.dedupeKey });
  if (inserted) return 'new';
  const [known] = await db
    .select({ processedAt: payoutWebhookEvents.processedAt })
    .from(payoutWebhookEvents)
    .where(eq(payoutWebhookEvents.dedupeKey, dedupeKey));
  // Received before but not processed (we failed half-way): processed again.
  return known?.processedAt ? 'duplicate' : 'new';
}

const payoutWebhookRoute: FastifyPluginAsync = async (app) => {
  const gateway = app.razorpayx;
  // Without RazorpayX there are no payouts to hear about: the path answers 404 like any unknown one.
  if (!gateway) return;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });
  app.post(
    PAYOUT_WEBHOOK_PATH,
    { schema: { tags: ['payment'], summary: "RazorpayX's payout webhook (signed with its webhook secret)" } },
    async (request) => {
      const signature = request.headers['x-razorpay-signature'];
      const reading = readPayoutWebhook({
        rawBody: typeof request.body === 'string' ? request.body : '',
        signature: typeof signature === 'string' ? signature : undefined,
        webhookSecret: gateway.webhookSecret,
      });
      if (reading.kind === 'refused') {
        if (reading.reason === 'bad_signature') {
          await raiseSecurityAlert(app.db, {
            kind: 'webhook_signature_failed',
            subject: 'razorpayx',
            detail: 'A RazorpayX payout webhook failed its signature check: check the webhook secret.',
          });
          throw new AppError('invalid', payoutWebhookMessages.invalidSignature);
        }
        throw new AppError('invalid', payoutWebhookMessages.malformed);
      }
      if (reading.kind === 'ignored') return { status: 'ok', outcome: 'ignored' };
      if ((await receive(app.db, reading.dedupeKey, reading.event)) === 'duplicate') {
        return { status: 'ok', outcome: 'duplicate' };
      }
      const outcome = await settlePayout({ db: app.db, jobs: app.jobs }, reading.payout, 'webhook');
      // A payout none of ours (another integration's on the same account) is noted and dropped.
      await app.db
        .update(payoutWebhookEvents)
        .set({ processedAt: sql`now()` })
        .where(eq(payoutWebhookEvents.dedupeKey, reading.dedupeKey));
      return { status: 'ok', outcome };
    },
  );
};

export default payoutWebhookRoute;
