import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../../contracts/http';
import { ShippingRateBodySchema, ShippingRateReplySchema } from '../../../contracts/shipping';
import { AppError } from '../../errors';
import { shippingDeps } from '../../flows/deps';
import { receiveTrackingWebhook } from '../../flows/tracking';
import { webhookTokenMatches } from '../../providers/shiprocket/webhook';
import { raiseSecurityAlert } from '../security-alerts/security-alerts';
import { quoteShippingRate } from './shipping-rate';

// Each quote is a call to Shiprocket on our account: enough for a shopper, too few to use us as a free API.
const RATE_LIMIT = { max: 30, timeWindow: 60_000 };

const WebhookReplySchema = z.object({
  status: z.literal('ok'),
  outcome: z.enum(['applied', 'unknown_shipment', 'unreadable']),
});

/**
 * Registered without a prefix: the rate under /shipping and Shiprocket's tracking webhook under /webhooks.
 * The webhook is at SHIPPING_WEBHOOK_PATH (its URL may not contain "shiprocket",
 * "kartrocket", "sr" or "kr"). Shiprocket signs nothing: the x-api-key token is checked before the body is
 * even read, and without a configured token no webhook is accepted (tracking then relies on polling).
 */
const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/shipping/rate',
    {
      config: { rateLimit: RATE_LIMIT },
      schema: {
        tags: ['shipping'],
        summary:
          'Courier rates for a parcel (docs/product.md#http-api); on failure or after 10 s, 0 and Standard Delivery',
        body: ShippingRateBodySchema,
        response: { 200: ShippingRateReplySchema, ...errorReplies(400, 429) },
      },
    },
    async (request) =>
      quoteShippingRate(
        app.shiprocket.client,
        {
          pickupPincode: request.body.pickupPincode ?? app.config.shipping.pickupPincode,
          deliveryPincode: request.body.deliveryPincode,
          weightKg: request.body.weight,
        },
        request.log,
      ),
  );
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

export default shippingRoutes;
