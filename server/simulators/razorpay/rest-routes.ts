import type { FastifyPluginAsync } from 'fastify';
import { requireApiKey } from './api-key';
import { badRequest, serverErrorEnvelope } from './errors';
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
    app.addHook('onRequest', requireApiKey(simulator));

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
