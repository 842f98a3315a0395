import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../../contracts/http';
import { AppError } from '../../errors';
import { shippingDeps } from '../../flows/deps';
import { receiveTrackingWebhook } from '../../flows/tracking';
import { raiseSecurityAlert } from '../../modules/security-alerts/security-alerts';
import { webhookTokenMatches } from '../../providers/shiprocket/webhook';

const WebhookReplySchema = z.object({
  status: z.literal('ok'),
  outcome: z.enum(['applied', 'unknown_shipment', 'unreadable']),
});

/**
 * Shiprocket's tracking webhook at SHIPPING_WEBHOOK_PATH (Shiprocket refuses a URL that contains "shiprocket",
 * "kartrocket", "sr" or "kr"). Shiprocket signs nothing: the x-api-key token is checked before the body is
 * even read, and without a configured token no webhook is accepted (tracking then relies on polling).
 */
const shiprocketWebhookRoute: FastifyPluginAsyncZod = async (app) => {
  async function requireWebhookToken(request: FastifyRequest, _reply: FastifyReply) {
    const expected = app.shiprocket.webhookToken;
    if (!expected) throw new AppError('unauthorized', 'Tracking webhooks are not enabled on this shop.');
    const received = request.headers['x-api-key'];
    if (!webhookTokenMatches(expected, typeof received === 'string' ? received : undefined)) {
      await raiseSecurityAlert(app.db, {
        kind: 'webhook_signature_failed',
        subject: 'shiprocket',
        detail: 'A Shiprocket tracking webhook came with a wrong token: check the webhook token.',
      });
      throw new AppError('unauthorized', 'Invalid webhook token');
    }
  }

  app.post(
    '/webhooks/courier',
    {
      onRequest: requireWebhookToken,
      schema: {
        tags: ['shipping'],
        summary: "Shiprocket's tracking webhook (x-api-key: the webhook token)",
        response: { 200: WebhookReplySchema, ...errorReplies(400, 401) },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      outcome: await receiveTrackingWebhook(shippingDeps(app), request.body),
    }),
  );
};

export default shiprocketWebhookRoute;
