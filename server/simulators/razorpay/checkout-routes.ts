import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { badRequest, unauthorized } from './errors';
import { razorpayErrorHandler } from './razorpay-error-handler';
import { notesField } from './request-fields';
import {
  type SimulatorInternals,
  TEST_CARD_FAILURE,
  TEST_CARDS_SUCCESS,
  TEST_VPA_FAILURE,
} from './simulator';

const PayRequest = z.object({
  key: z.string(),
  order_id: z.string(),
  method: z.enum(['upi', 'card']).default('upi'),
  vpa: z.string().max(300).optional(),
  card_number: z.string().max(40).optional(),
  email: z.string().max(254).optional(),
  contact: z.string().max(20).optional(),
  description: z.string().max(255).optional(),
  notes: z.unknown().optional(),
});

const OrderQuery = z.object({ key_id: z.string(), order_id: z.string() });

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const field = issue?.path.join('.') || null;
  throw badRequest(`${field ?? 'request'}: ${issue?.message ?? 'invalid'}`, field);
}

// Checkout is loaded on every payment page: cached briefly, never for long, so a restart's changes show.
const CACHE_BRIEFLY = 'public, max-age=300';

/** Checkout's script and stylesheet, and the calls its payment window makes. */
export function checkoutRoutes(sim: SimulatorInternals): FastifyPluginAsync {
  const { simulator, store } = sim;
  return async (app) => {
    const [script, styles] = await Promise.all([
      readFile(new URL('./browser/checkout.js', import.meta.url), 'utf8'),
      readFile(new URL('./browser/checkout.css', import.meta.url), 'utf8'),
    ]);
    app.setErrorHandler(razorpayErrorHandler);

    function checkKey(key: string) {
      if (key !== simulator.keyId) throw unauthorized('The api key provided is invalid');
    }

    app.get('/checkout.js', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('Cache-Control', CACHE_BRIEFLY).send(script),
    );
    app.get('/checkout.css', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('Cache-Control', CACHE_BRIEFLY).send(styles),
    );

    // What the payment window shows: the order's own amount, found with the public key only.
    app.get('/checkout/order', { schema: { hide: true } }, async (request, reply) => {
      const query = parsed(OrderQuery, request.query);
      checkKey(query.key_id);
      const order = store.order(query.order_id);
      reply.header('Cache-Control', 'no-store');
      return { id: order.id, amount: order.amount, currency: order.currency, status: order.status };
    });

    // The Pay button. A failed payment answers 400 with exactly what `payment.failed` callbacks receive.
    app.post('/checkout/pay', { schema: { hide: true } }, async (request, reply) => {
      const body = parsed(PayRequest, request.body);
      checkKey(body.key);
      const attempt = {
        method: body.method,
        vpa: body.vpa,
        email: body.email,
        contact: body.contact,
        description: body.description,
        notes: notesField(body.notes),
      };
      // A card must be one of the test cards: one that pays, or the one that is declined.
      const card = body.method === 'card' ? (body.card_number ?? '').replace(/[\s-]/g, '') : undefined;
      if (card !== undefined && card !== TEST_CARD_FAILURE && !TEST_CARDS_SUCCESS.includes(card)) {
        throw badRequest('Invalid card number. Please use one of the test cards', 'card_number');
      }
      if ((body.method === 'upi' && body.vpa === TEST_VPA_FAILURE) || card === TEST_CARD_FAILURE) {
        const { error } = sim.fail(body.order_id, attempt);
        return reply.code(400).send({ error });
      }
      return sim.pay(body.order_id, attempt);
    });
  };
}
