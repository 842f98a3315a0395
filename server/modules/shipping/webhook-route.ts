import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../../contracts/http';
import { AppError } from '../../errors';
import { webhookTokenMatches } from '../../providers/shiprocket/webhook';
import { receiveTrackingWebhook } from './receive-tracking-webhook';
import { shippingDeps } from './shipping-deps';

const WebhookReplySchema = z.object({
  status: z.literal('ok'),
  outcome: z.enum(['applied', 'unknown_shipment', 'unreadable']),
});

/**
 * Shiprocket's tracking webhook, at SHIPPING_WEBHOOK_PATH (its URL may not contain "shiprocket",
 * "kartrocket", "sr" or "kr"). Shiprocket signs nothing: the x-api-key token is checked before the body is
 * even read, and without a configured token no webhook is accepted (tracking then relies on polling).
 */
const courierWebhookRoute: FastifyPluginAsyncZod = async (app) => {
  async function requireWebhookToken(request: FastifyRequest, _reply: FastifyReply) {
    const expected = app.shiprocket.webhookToken;
    if (!expected) throw new AppError('unauthorized', 'Tracking webhooks are not enabled on this shop.');
    const received = request.headers['x-api-key'];
    if (!webhookTokenMatches(expected, typeof received === 'string' ? received : undefined)) {
      throw new AppError('unauthorized', 'Invalid webhook token');
    }
  }

  app.post(
    '/courier',
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

export default courierWebhookRoute;
