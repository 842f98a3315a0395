import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { badRequest, serverErrorEnvelope, unauthorized } from './errors';
import { razorpayErrorHandler } from './razorpay-error-handler';
import {
  amountField,
  bodyOf,
  currencyField,
  idempotencyKeyHeader,
  notesField,
  onlyFields,
  receiptField,
  speedField,
} from './request-fields';
import type { SimulatorInternals } from './simulator';

type WithId = { Params: { id: string } };

function sameText(expected: string, received: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}

function basicCredentials(request: FastifyRequest): { keyId: string; keySecret: string } | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return { keyId: decoded, keySecret: '' };
  return { keyId: decoded.slice(0, colon), keySecret: decoded.slice(colon + 1) };
}

/** Razorpay's REST API (docs/architecture.md#razorpay) under `/v1`, on the simulated account's state. */
export function restRoutes(sim: SimulatorInternals): FastifyPluginAsync {
  const { simulator, store } = sim;
  return async (app) => {
    app.setErrorHandler(razorpayErrorHandler);

    // An outage is seen before anything else, authentication included.
    app.addHook('onRequest', async (_request, reply) => {
      const failure = sim.apiFailure();
      if (failure === 'unavailable') {
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .send('<html><body>503 Service Unavailable</body></html>');
      }
      if (failure === 'server_error') return reply.code(500).send(serverErrorEnvelope);
    });
    app.addHook('onRequest', async (request) => {
      const credentials = basicCredentials(request);
      if (!credentials) throw unauthorized('Please provide your api key for authentication purposes.');
      if (!sameText(simulator.keyId, credentials.keyId))
        throw unauthorized('The api key provided is invalid');
      if (!sameText(simulator.keySecret, credentials.keySecret)) {
        throw unauthorized('The api key/secret provided is invalid');
      }
    });

    app.post('/orders', { schema: { hide: true } }, async (request) => {
      const body = bodyOf(request.body);
      onlyFields(body, ['amount', 'currency', 'receipt', 'notes', 'partial_payment']);
      const amount = amountField(body.amount, true);
      const currency = currencyField(body.currency);
      const receipt = receiptField(body.receipt);
      const notes = notesField(body.notes);
      if (body.partial_payment !== undefined && body.partial_payment !== false) {
        throw badRequest('Partial payments are not supported by the Razorpay simulator', 'partial_payment');
      }
      return store.createOrder({ amount, currency, receipt, notes });
    });

    app.get<WithId>('/orders/:id', { schema: { hide: true } }, async (request) =>
      store.order(request.params.id),
    );

    app.get<WithId>('/orders/:id/payments', { schema: { hide: true } }, async (request) => {
      const items = store.paymentsOf(request.params.id);
      return { entity: 'collection', count: items.length, items };
    });

    app.get<WithId>('/payments/:id', { schema: { hide: true } }, async (request) =>
      store.payment(request.params.id),
    );

    app.post<WithId>('/payments/:id/capture', { schema: { hide: true } }, async (request) => {
      const body = bodyOf(request.body);
      onlyFields(body, ['amount', 'currency']);
      const amount = amountField(body.amount, true);
      const currency = currencyField(body.currency);
      return sim.capture(request.params.id, amount, currency);
    });

    app.get<WithId>('/refunds/:id', { schema: { hide: true } }, async (request) =>
      store.fetchRefund(request.params.id),
    );

    app.post<WithId>('/payments/:id/refund', { schema: { hide: true } }, async (request) => {
      const body = bodyOf(request.body);
      onlyFields(body, ['amount', 'speed', 'notes', 'receipt']);
      return sim.refund(request.params.id, {
        amount: amountField(body.amount, false),
        speed: speedField(body.speed),
        notes: notesField(body.notes),
        receipt: receiptField(body.receipt),
        idempotencyKey: idempotencyKeyHeader(request.headers['x-refund-idempotency']),
      });
    });
  };
}
