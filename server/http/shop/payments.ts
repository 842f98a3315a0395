import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies } from '../../../contracts/http';
import {
  CreatePaymentOrderBodySchema,
  CreatePaymentOrderReplySchema,
  PaymentResponseSchema,
  PaymentSchema,
  PaymentsReplySchema,
  paymentMessages,
} from '../../../contracts/orders';
import { AppError } from '../../errors';
import { confirmCheckoutPayment, createPaymentOrder } from '../../flows/checkout';
import { paymentDeps } from '../../flows/deps';
import { findUserPayment, listUserPayments } from '../../modules/payments/payment-views';
import { recordCheckoutConsent } from '../../modules/whatsapp/consent';
import { currentUserId } from '../authentication';

const errors = errorReplies(400, 401, 403, 404, 409, 502);

const shopperRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireUser);

  app.post(
    '/create-order',
    {
      schema: {
        tags: ['payment'],
        summary: 'Price the cart, store a pending order and create its Razorpay order',
        body: CreatePaymentOrderBodySchema,
        response: { 200: CreatePaymentOrderReplySchema, ...errors },
      },
    },
    async (request) => {
      // docs/product.md#whatsapp-consent: the checkout's box, recorded before the order is made.
      if (request.body.whatsappUpdates) await recordCheckoutConsent(app.db, currentUserId(request));
      return createPaymentOrder(
        app.db,
        app.razorpay,
        currentUserId(request),
        request.body.amount,
        app.deliveryPromises,
        app.jobs,
      );
    },
  );

  app.post(
    '/capture-payment',
    {
      schema: {
        tags: ['payment'],
        summary: "Verify Checkout's success and confirm the order (same as /orders/create-with-payment)",
        body: PaymentResponseSchema,
        response: {
          200: z.object({ success: z.literal(true), orderId: z.string(), paymentId: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await confirmCheckoutPayment(paymentDeps(app), currentUserId(request), request.body)),
    }),
  );

  app.get(
    '/payment-status/:id',
    {
      schema: {
        tags: ['payment'],
        summary: "One of the shopper's payments by its Razorpay payment id",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: PaymentSchema, ...errors },
      },
    },
    async (request) => {
      const payment = await findUserPayment(app.db, currentUserId(request), request.params.id);
      if (!payment) throw new AppError('not_found', paymentMessages.paymentNotFound);
      return payment;
    },
  );

  app.get(
    '/user-payments',
    {
      schema: {
        tags: ['payment'],
        summary: "The shopper's payments, newest first",
        response: { 200: PaymentsReplySchema, ...errors },
      },
    },
    async (request) => ({ payments: await listUserPayments(app.db, currentUserId(request)) }),
  );
};

export default shopperRoutes;
