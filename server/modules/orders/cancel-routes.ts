import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../../contracts/http';
import { CancelOrderReplySchema } from '../../../contracts/orders';
import { currentUserId } from '../../plugins/authentication';
import { paymentDeps } from '../payments/payment-deps';
import { type CancelDeps, cancelOrder } from './cancel-order';

const errors = errorReplies(400, 401, 403, 404, 409, 502);

function cancelDeps(app: FastifyInstance): CancelDeps {
  return { ...paymentDeps(app), shiprocket: app.shiprocket.client };
}

/** spec §7 POST /orders/cancel/{id}, under the '/orders' prefix. */
const cancelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.post(
    '/cancel/:id',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Cancel an order until the courier picks it up, and refund its payment in full; repeating it is harmless',
        description:
          '409 once the parcel is picked up. 502 when the courier cannot be reached (nothing changed), or when ' +
          'the order is cancelled but Razorpay could not start the refund yet (a job retries it).',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: CancelOrderReplySchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await cancelOrder(cancelDeps(app), currentUserId(request), request.params.id)),
    }),
  );
};

export default cancelRoutes;
