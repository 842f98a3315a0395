import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../../contracts/http';
import {
  OrdersWithShipmentReplySchema,
  paymentMessages,
  type ShipmentUpdates,
  ShipmentUpdatesSchema,
} from '../../../contracts/orders';
import { AppError } from '../../errors';
import { currentUserId } from '../../plugins/authentication';
import { refreshOrderTracking } from '../shipping/poll-tracking';
import { shippingDeps } from '../shipping/shipping-deps';
import { findUserOrder, listUserOrders, toOrderViews } from './order-view';
import { shipmentEventsOfOrders, toShipmentUpdates } from './tracking-view';

const errors = errorReplies(400, 401, 403, 404);
const OrderIdParamsSchema = z.object({ id: z.string().max(64) });

// Each refresh is a call to Shiprocket on our account. Counted per shopper, after the session is checked.
const refreshLimit = {
  rateLimit: {
    max: 20,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => request.auth?.userId ?? request.ip,
  },
};

/** spec §7 order tracking, every path scoped to the shopper's own orders. */
const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  async function ownOrderRow(request: FastifyRequest, orderId: string) {
    const row = await findUserOrder(app.db, currentUserId(request), orderId);
    if (!row) throw new AppError('not_found', paymentMessages.orderNotFound);
    return row;
  }

  async function shipmentUpdates(
    request: FastifyRequest,
    orderId: string,
    refresh: boolean,
  ): Promise<ShipmentUpdates> {
    const row = await ownOrderRow(request, orderId);
    const error = refresh ? await refreshOrderTracking(shippingDeps(app), row.id) : null;
    // A refresh may have moved the order's status along with its parcel.
    const current = refresh ? await ownOrderRow(request, row.id) : row;
    const [view] = await toOrderViews(app.db, [current]);
    if (!view) throw new AppError('not_found', paymentMessages.orderNotFound);
    const events = await shipmentEventsOfOrders(app.db, [row.id]);
    return toShipmentUpdates(view, events.get(row.id) ?? [], error);
  }

  const updatesRoute = (summary: string) => ({
    tags: ['orders'],
    summary,
    params: OrderIdParamsSchema,
    response: { 200: ShipmentUpdatesSchema, ...errorReplies(429), ...errors },
  });

  app.get(
    '/my-orders-with-shipment',
    {
      schema: {
        tags: ['orders'],
        summary: "The shopper's paid orders, newest first, each with its parcel's tracking scans",
        response: { 200: OrdersWithShipmentReplySchema, ...errors },
      },
    },
    async (request) => {
      const orders = await listUserOrders(app.db, currentUserId(request));
      const events = await shipmentEventsOfOrders(
        app.db,
        orders.map((order) => order.orderId),
      );
      return {
        orders: orders.map((order) => ({ ...order, shipmentEvents: events.get(order.orderId) ?? [] })),
      };
    },
  );

  app.get(
    '/track/:id',
    { schema: updatesRoute('The shipment of one order with its scan timeline, as stored') },
    async (request) => shipmentUpdates(request, request.params.id, false),
  );

  app.get(
    '/shipment-updates/:id',
    { schema: updatesRoute('spec §7 shipment updates of one order, as stored') },
    async (request) => shipmentUpdates(request, request.params.id, false),
  );

  app.post(
    '/refresh-tracking/:id',
    {
      config: refreshLimit,
      schema: updatesRoute('Ask Shiprocket for the parcel now; on failure `error` says so'),
    },
    async (request) => shipmentUpdates(request, request.params.id, true),
  );

  app.post(
    '/check-shiprocket-updates/:id',
    {
      config: refreshLimit,
      schema: updatesRoute('spec §7 fallback for shipment updates: the same as refresh-tracking'),
    },
    async (request) => shipmentUpdates(request, request.params.id, true),
  );
};

export default trackingRoutes;
