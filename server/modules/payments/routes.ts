import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
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
import { handleRazorpayEvent } from '../../flows/razorpay-events';
import { currentUserId } from '../../plugins/authentication';
import { verifyWebhookSignature } from '../../providers/razorpay/signatures';
import type { RazorpayWebhookEvent } from '../../providers/razorpay/types';
import { raiseSecurityAlert } from '../security-alerts/security-alerts';
import { findUserPayment, listUserPayments } from './payment-views';

const errors = errorReplies(400, 401, 403, 404, 409, 502);

const invalidSignature = 'Invalid webhook signature';

function parseEvent(rawBody: string): RazorpayWebhookEvent {
  try {
    const event = JSON.parse(rawBody) as Partial<RazorpayWebhookEvent>;
    if (typeof event.event === 'string' && typeof event.payload === 'object' && event.payload !== null) {
      return event as RazorpayWebhookEvent;
    }
  } catch {
    // Reported below as a bad event.
  }
  throw new AppError('invalid', 'The webhook body is not a Razorpay event.');
}

/**
 * Razorpay's webhook. Its signature covers the body byte for byte, so this plugin keeps JSON bodies as the
 * raw text (for its own routes only) and parses them after the signature checks out.
 */
const razorpayWebhookRoute: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/webhook',
    { schema: { tags: ['payment'], summary: "Razorpay's webhook (signed with the webhook secret)" } },
    async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['x-razorpay-signature'];
      const signed =
        typeof signature === 'string' &&
        verifyWebhookSignature({ rawBody, signature, webhookSecret: app.razorpay.webhookSecret });
      if (!signed) {
        await raiseSecurityAlert(app.db, {
          kind: 'webhook_signature_failed',
          subject: 'razorpay',
          detail: 'A Razorpay webhook failed its signature check: check the webhook secret.',
        });
        throw new AppError('invalid', invalidSignature);
      }

      const event = parseEvent(rawBody);
      const header = request.headers['x-razorpay-event-id'];
      // The signature covers the body, not the event id header: the same signed body under a new id is the
      // same event (docs/architecture.md#security).
      const delivery = {
        bodySha256: createHash('sha256').update(rawBody).digest('hex'),
        eventId: typeof header === 'string' && header !== '' ? header : undefined,
      };
      const outcome = await handleRazorpayEvent(paymentDeps(app), delivery, event);
      return { status: 'ok', outcome };
    },
  );
};

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
    async (request) =>
      createPaymentOrder(
        app.db,
        app.razorpay,
        currentUserId(request),
        request.body.amount,
        app.deliveryPromises,
      ),
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

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The webhook is Razorpay's, not a shopper's: no session, its own body parser.
  await app.register(razorpayWebhookRoute);
  await app.register(shopperRoutes);
};

export default paymentRoutes;
