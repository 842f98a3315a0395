import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SimulatorInternals } from './simulator';

const hidden = { hide: true } as const;

/** The simulator's controls over HTTP, for browser tests that cannot reach the app object. */
export function controlRoutes(sim: SimulatorInternals): FastifyPluginAsyncZod {
  const { simulator } = sim;
  return async (app) => {
    app.post(
      '/fail-api',
      { schema: { ...hidden, body: z.object({ mode: z.enum(['unavailable', 'server_error']) }) } },
      async (request) => {
        simulator.failApi(request.body.mode);
        return sim.status();
      },
    );
    app.post('/restore-api', { schema: hidden }, async () => {
      simulator.restoreApi();
      return sim.status();
    });
    app.post(
      '/capture-mode',
      { schema: { ...hidden, body: z.object({ mode: z.enum(['auto', 'manual']) }) } },
      async (request) => {
        simulator.setCaptureMode(request.body.mode);
        return sim.status();
      },
    );
    app.post('/hold-webhooks', { schema: hidden }, async () => {
      simulator.webhooks.hold();
      return sim.status();
    });
    app.post('/release-webhooks', { schema: hidden }, async () => {
      simulator.webhooks.release();
      return sim.status();
    });
    app.post('/reset', { schema: hidden }, async () => {
      simulator.reset();
      return sim.status();
    });
    app.get('/webhooks', { schema: hidden }, async () => ({
      ...sim.status(),
      deliveries: simulator.webhooks.sent(),
    }));
  };
}
