import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../../contracts/http';
import {
  type Order,
  type OrderConfirmation,
  OrderConfirmationSchema,
  OrderReplySchema,
  OrdersReplySchema,
  PaymentResponseSchema,
  PaymentStatusBodySchema,
  paymentMessages,
} from '../../../contracts/orders';
import { AppError } from '../../errors';
import { currentUserId } from '../../plugins/authentication';
import { confirmCheckoutPayment } from '../payments/confirm-checkout-payment';
import { paymentDeps } from '../payments/payment-deps';
import { reconcileOrder } from '../payments/reconcile-payments';
import { findUserOrder, listUserOrders, toOrderViews } from './order-view';

const errors = errorReplies(400, 401, 403, 404, 502);

const OrderIdParamsSchema = z.object({ id: z.string().max(64) });

/** spec §7: the shipment fields flat beside the order. Before the courier is booked they are empty. */
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
};

export default orderRoutes;
