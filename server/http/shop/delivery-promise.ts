import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeliveryPromiseParamsSchema, DeliveryPromiseReplySchema } from '../../../contracts/delivery-promise';
import { errorReplies } from '../../../contracts/http';
import { pincodeMessages } from '../../../contracts/pincode';
import { AppError } from '../../errors';
import { lookUpPincode } from '../../modules/pincode-directory/directory';

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
          "The delivery promise and place (city, state) of a pincode in India Post's directory (docs/product.md#delivery-promise); Shiprocket down: the generic promise",
        params: DeliveryPromiseParamsSchema,
        response: { 200: DeliveryPromiseReplySchema, ...errorReplies(400, 429) },
      },
    },
    async (request) => {
      // docs/product.md#pincode-directory: a pincode India Post does not list gets no promise; a listed one
      // names its place, which the address forms fill in.
      const place = lookUpPincode(request.params.pincode);
      if (!place) throw new AppError('invalid', pincodeMessages.unknown(request.params.pincode));
      const promise = await app.deliveryPromises.promiseFor(request.params.pincode);
      return { ...promise, city: place.city, state: place.state };
    },
  );
};

export default deliveryPromiseRoutes;
