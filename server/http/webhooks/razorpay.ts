import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors';
import { paymentDeps } from '../../flows/deps';
import { handleRazorpayEvent } from '../../flows/razorpay-events';
import { raiseSecurityAlert } from '../../modules/security-alerts/security-alerts';
import { verifyWebhookSignature } from '../../providers/razorpay/signatures';
import type { RazorpayWebhookEvent } from '../../providers/razorpay/types';

const invalidSignature = 'Invalid webhook signature';

function parseEvent(rawBody: string): RazorpayWebhookEvent {
  try {
    const event = JSON.parse(rawBody) as Partial<RazorpayWebhookEvent>;
    if (typeof event.event === 'string' && typeof event.payload === 'object' && event.payload !== null) {
      return event as RazorpayWebhookEvent;
    }
  } catch {
    // Reported below as a bad event.
  }
  throw new AppError('invalid', 'The webhook body is not a Razorpay event.');
}

/**
 * Razorpay's webhook. Its signature covers the body byte for byte, so this plugin keeps JSON bodies as the
 * raw text (for its own routes only) and parses them after the signature checks out.
 */
const razorpayWebhookRoute: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/webhook',
    { schema: { tags: ['payment'], summary: "Razorpay's webhook (signed with the webhook secret)" } },
    async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['x-razorpay-signature'];
      const signed =
        typeof signature === 'string' &&
        verifyWebhookSignature({ rawBody, signature, webhookSecret: app.razorpay.webhookSecret });
      if (!signed) {
        await raiseSecurityAlert(app.db, {
          kind: 'webhook_signature_failed',
          subject: 'razorpay',
          detail: 'A Razorpay webhook failed its signature check: check the webhook secret.',
        });
        throw new AppError('invalid', invalidSignature);
      }

      const event = parseEvent(rawBody);
      const header = request.headers['x-razorpay-event-id'];
      // The signature covers the body, not the event id header: the same signed body under a new id is the
      // same event (docs/architecture.md#security).
      const delivery = {
        bodySha256: createHash('sha256').update(rawBody).digest('hex'),
        eventId: typeof header === 'string' && header !== '' ? header : undefined,
      };
      const outcome = await handleRazorpayEvent(paymentDeps(app), delivery, event);
      return { status: 'ok', outcome };
    },
  );
};

export default razorpayWebhookRoute;
