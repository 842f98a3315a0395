import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { razorpayErrorHandler } from '../razorpay/razorpay-error-handler';
import type { RazorpayXSimulatorInternals } from './simulator';

const hidden = { hide: true } as const;
const withId = z.object({ payoutId: z.string().min(1) });

/** The simulator's controls over HTTP, for browser tests that cannot reach the app object. */
export function controlRoutes(sim: RazorpayXSimulatorInternals): FastifyPluginAsyncZod {
  const { simulator } = sim;
  return async (app) => {
    // A move the payout cannot make is a 400 in Razorpay's envelope, as from the API.
    app.setErrorHandler(razorpayErrorHandler);
    app.post(
      '/mode',
      { schema: { ...hidden, body: z.object({ mode: z.enum(['instant', 'manual']) }) } },
      async (request) => {
        simulator.setMode(request.body.mode);
        return { mode: request.body.mode };
      },
    );
    app.post(
      '/settle',
      {
        schema: {
          ...hidden,
          body: withId.extend({ outcome: z.enum(['processed', 'failed', 'reversed']) }),
        },
      },
      async (request) => simulator.settle(request.body.payoutId, request.body.outcome),
    );
    app.post('/approve', { schema: { ...hidden, body: withId } }, async (request) =>
      simulator.approve(request.body.payoutId),
    );
    app.post('/reject', { schema: { ...hidden, body: withId } }, async (request) =>
      simulator.reject(request.body.payoutId),
    );
    app.post('/reset', { schema: hidden }, async () => {
      simulator.reset();
      return { reset: true };
    });
    app.get('/webhooks', { schema: hidden }, async () => ({ deliveries: simulator.webhooks.sent() }));
  };
}
