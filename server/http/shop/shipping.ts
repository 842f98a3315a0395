import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../../contracts/http';
import { ShippingRateBodySchema, ShippingRateReplySchema } from '../../../contracts/shipping';
import { quoteShippingRate } from '../../modules/shipping/shipping-rate';

// Each quote is a call to Shiprocket on our account: enough for a shopper, too few to use us as a free API.
const RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/** Registered without a prefix: the rate quote under /shipping. */
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
};

export default shippingRoutes;
