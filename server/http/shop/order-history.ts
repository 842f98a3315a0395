import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReplies } from '../../../contracts/http';
import {
  CreateOrderHistoryBodySchema,
  OrderHistoryReplySchema,
  OrderHistoryWriteReplySchema,
  UpdateOrderHistoryBodySchema,
} from '../../../contracts/orders';
import { acknowledgeOrderHistory, listOrderHistory } from '../../modules/order-history/order-history';
import { currentUserId } from '../authentication';

const errors = errorReplies(400, 401, 403, 404);

/** docs/product.md#http-api /order-history, /order-history/update and /order-history/create: views over the orders table. */
const orderHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.get(
    '/',
    {
      schema: {
        tags: ['orders'],
        summary: "The shopper's paid orders as order-history entries, newest first",
        response: { 200: OrderHistoryReplySchema, ...errors },
      },
    },
    async (request) => ({ orderHistory: await listOrderHistory(app.db, currentUserId(request)) }),
  );

  app.post(
    '/update',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Accepted for the old client: stores nothing (orders are written by checkout) and answers the history',
        body: UpdateOrderHistoryBodySchema,
        response: { 200: OrderHistoryWriteReplySchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      orderHistory: await acknowledgeOrderHistory(app.db, currentUserId(request), request.body.orderHistory),
    }),
  );

  app.post(
    '/create',
    {
      schema: {
        tags: ['orders'],
        summary: 'Accepted for the old client: never creates an order, answers the history',
        body: CreateOrderHistoryBodySchema,
        response: { 200: OrderHistoryWriteReplySchema, ...errors },
      },
    },
    async (request) => {
      const { entry, ...flat } = request.body;
      return {
        success: true as const,
        orderHistory: await acknowledgeOrderHistory(
          app.db,
          currentUserId(request),
          entry ? [flat, entry] : [flat],
        ),
      };
    },
  );
};

export default orderHistoryRoutes;
