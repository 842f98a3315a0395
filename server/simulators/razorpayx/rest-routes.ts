import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { unauthorized } from '../razorpay/errors';
import { razorpayErrorHandler } from '../razorpay/razorpay-error-handler';
import { idempotencyKeyOf, payoutRequestOf } from './payout-request';
import type { RazorpayXSimulatorInternals } from './simulator';
import { requestHashOf } from './store';

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
  return colon === -1
    ? { keyId: decoded, keySecret: '' }
    : { keyId: decoded.slice(0, colon), keySecret: decoded.slice(colon + 1) };
}

/** RazorpayX's payouts API (docs/architecture.md#razorpayx) under `/v1`, on the simulated account. */
export function payoutRoutes(sim: RazorpayXSimulatorInternals): FastifyPluginAsync {
  const { simulator, store } = sim;
  return async (app) => {
    // Razorpay's envelope for every refusal, as its payments API.
    app.setErrorHandler(razorpayErrorHandler);
    app.addHook('onRequest', async (request) => {
      const credentials = basicCredentials(request);
      if (!credentials) throw unauthorized('Please provide your api key for authentication purposes.');
      if (!sameText(simulator.keyId, credentials.keyId)) {
        throw unauthorized('The api key provided is invalid');
      }
      if (!sameText(simulator.keySecret, credentials.keySecret)) {
        throw unauthorized('The api key/secret provided is invalid');
      }
    });

    app.post('/payouts', { schema: { hide: true } }, async (request) => {
      const key = idempotencyKeyOf(request.headers['x-payout-idempotency']);
      await sim.recall({ idempotencyKey: key });
      const hash = requestHashOf(request.body ?? {});
      // A retry is answered from the first call, before its body is checked again: same key, same body.
      const replayed = store.replay(key, hash);
      if (replayed) return replayed;
      const { payout, queueIfLowBalance } = payoutRequestOf(request.body, simulator.accountNumber);
      return sim.create(payout, key, hash, queueIfLowBalance);
    });

    app.get<{ Params: { id: string } }>('/payouts/:id', { schema: { hide: true } }, async (request) => {
      await sim.recall({ payoutId: request.params.id });
      return store.payout(request.params.id);
    });
  };
}
