import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../../contracts/http';
import {
  CancelOrderReplySchema,
  type Order,
  type OrderConfirmation,
  OrderConfirmationSchema,
  OrderReplySchema,
  OrdersReplySchema,
  OrdersWithShipmentReplySchema,
  PaymentResponseSchema,
  PaymentStatusBodySchema,
  paymentMessages,
  type ShipmentUpdates,
  ShipmentUpdatesSchema,
} from '../../../contracts/orders';
import { toShipmentUpdates } from '../../../contracts/shipment-updates';
import { AppError } from '../../errors';
import { type CancelDeps, cancelOrder } from '../../flows/cancel-order';
import { confirmCheckoutPayment } from '../../flows/checkout';
import { paymentDeps, shippingDeps } from '../../flows/deps';
import { reconcileOrder } from '../../flows/reconcile-payments';
import { refreshOrderTracking } from '../../flows/tracking';
import { findUserOrder, listUserOrders, toOrderViews } from '../../modules/orders/order-view';
import { shipmentEventsOfOrders } from '../../modules/orders/tracking-view';
import { currentUserId } from '../authentication';

const errors = errorReplies(400, 401, 403, 404, 502);
const cancelErrors = errorReplies(400, 401, 403, 404, 409, 502);
const readErrors = errorReplies(400, 401, 403, 404);
const trackingErrors = errorReplies(400, 401, 403, 404, 429);

// Each refresh is a call to Shiprocket on our account. Counted per shopper, after the session is checked.
const refreshLimit = {
  rateLimit: {
    max: 20,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => request.auth?.userId ?? request.ip,
  },
};

function cancelDeps(app: FastifyInstance): CancelDeps {
  return { ...paymentDeps(app), shiprocket: app.shiprocket.client };
}

const OrderIdParamsSchema = z.object({ id: z.string().max(64) });

/** docs/product.md#http-api: the shipment fields flat beside the order. Before the courier is booked they are empty. */
function confirmationOf(order: Order, paymentId: string): OrderConfirmation {
  const shipment = order.shipment;
  return {
    success: true,
    orderId: order.orderId,
    paymentId,
    shiprocketOrderId: shipment?.shiprocketOrderId ?? null,
    shiprocketShipmentId: shipment?.shiprocketShipmentId ?? null,
    courierName: shipment?.courierName ?? null,
    trackingNumber: shipment?.trackingNumber ?? null,
    trackingStatus: shipment?.trackingStatus ?? null,
    estimatedDelivery: shipment?.estimatedDelivery ?? null,
    trackingUrl: shipment?.trackingUrl ?? null,
    hasTracking: shipment?.hasTracking ?? false,
    hasCourier: shipment?.hasCourier ?? false,
    canTrack: shipment?.canTrack ?? false,
    order,
  };
}

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  async function userOrderView(userId: string, orderId: string): Promise<Order> {
    const row = await findUserOrder(app.db, userId, orderId);
    const [view] = row ? await toOrderViews(app.db, [row]) : [];
    if (!view) throw new AppError('not_found', paymentMessages.orderNotFound);
    return view;
  }

  app.post(
    '/create-with-payment',
    {
      schema: {
        tags: ['orders'],
        summary: "Verify Checkout's success with Razorpay and confirm the order; reporting twice is harmless",
        body: PaymentResponseSchema,
        response: { 200: OrderConfirmationSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUserId(request);
      const { orderId, paymentId } = await confirmCheckoutPayment(paymentDeps(app), userId, request.body);
      return confirmationOf(await userOrderView(userId, orderId), paymentId);
    },
  );

  app.get(
    '/my-orders',
    {
      schema: {
        tags: ['orders'],
        summary: "The shopper's paid orders, newest first",
        response: { 200: OrdersReplySchema, ...errors },
      },
    },
    async (request) => ({ orders: await listUserOrders(app.db, currentUserId(request)) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['orders'],
        summary: "One of the shopper's orders",
        params: OrderIdParamsSchema,
        response: { 200: OrderReplySchema, ...errors },
      },
    },
    async (request) => ({ order: await userOrderView(currentUserId(request), request.params.id) }),
  );

  app.put(
    '/:id/payment-status',
    {
      schema: {
        tags: ['orders'],
        summary: 'Ask Razorpay again about the order\'s payment; the body\'s "paid" is never taken on trust',
        params: OrderIdParamsSchema,
        body: PaymentStatusBodySchema,
        response: { 200: OrderReplySchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUserId(request);
      const row = await findUserOrder(app.db, userId, request.params.id);
      if (!row) throw new AppError('not_found', paymentMessages.orderNotFound);
      if (row.paymentStatus === 'pending') {
        await reconcileOrder(paymentDeps(app), row).catch((error: unknown) => {
          request.log.warn({ err: error, orderId: row.id }, 'payment status re-check failed');
        });
      }
      return { order: await userOrderView(userId, row.id) };
    },
  );

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
        response: { 200: CancelOrderReplySchema, ...cancelErrors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await cancelOrder(cancelDeps(app), currentUserId(request), request.params.id)),
    }),
  );

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
    response: { 200: ShipmentUpdatesSchema, ...trackingErrors },
  });

  app.get(
    '/my-orders-with-shipment',
    {
      schema: {
        tags: ['orders'],
        summary: "The shopper's paid orders, newest first, each with its parcel's tracking scans",
        response: { 200: OrdersWithShipmentReplySchema, ...readErrors },
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
    { schema: updatesRoute('docs/product.md#http-api shipment updates of one order, as stored') },
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
      schema: updatesRoute(
        'docs/product.md#http-api fallback for shipment updates: the same as refresh-tracking',
      ),
    },
    async (request) => shipmentUpdates(request, request.params.id, true),
  );
};

export default orderRoutes;
