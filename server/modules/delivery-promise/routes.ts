import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeliveryPromiseParamsSchema, DeliveryPromiseReplySchema } from '../../../contracts/delivery-promise';
import { errorReplies } from '../../../contracts/http';

// Cached answers cost nothing, but each new pincode is a call to Shiprocket on our account.
const RATE_LIMIT = { max: 60, timeWindow: 60_000 };

const deliveryPromiseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/delivery/:pincode',
    {
      config: { rateLimit: RATE_LIMIT },
      schema: {
        tags: ['shipping'],
        summary:
          'The delivery promise for a pincode (docs/product.md#delivery-promise); Shiprocket down: the generic promise',
        params: DeliveryPromiseParamsSchema,
        response: { 200: DeliveryPromiseReplySchema, ...errorReplies(400, 429) },
      },
    },
    async (request) => app.deliveryPromises.promiseFor(request.params.pincode),
  );
};

export default deliveryPromiseRoutes;
