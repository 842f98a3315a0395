import type { FastifyPluginAsync } from 'fastify';
import { requireApiKey } from '../razorpay/api-key';
import { razorpayErrorHandler } from '../razorpay/razorpay-error-handler';
import { idempotencyKeyOf, payoutRequestOf } from './payout-request';
import type { RazorpayXSimulatorInternals } from './simulator';
import { requestHashOf } from './store';

/** RazorpayX's payouts API (docs/architecture.md#razorpayx) under `/v1`, on the simulated account. */
export function payoutRoutes(sim: RazorpayXSimulatorInternals): FastifyPluginAsync {
  const { simulator, store } = sim;
  return async (app) => {
    // Razorpay's envelope for every refusal, as its payments API.
    app.setErrorHandler(razorpayErrorHandler);
    app.addHook('onRequest', requireApiKey(simulator));

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
