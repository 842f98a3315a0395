import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { devToolsAccess, requireDevToolsToken } from '../../dev-tools';
import { addFaultHook, createFaultInjector } from '../faults';
import { checkoutRoutes } from './checkout-routes';
import { controlRoutes } from './control-routes';
import { restRoutes } from './rest-routes';
import { keepRazorpayStateIn } from './saved-state';
import {
  createRazorpaySimulator,
  type RazorpaySimulator,
  SIMULATOR_BASE_PATH,
  type SimulatorInternals,
} from './simulator';
import type { WebhookRetryPolicy } from './webhooks';

declare module 'fastify' {
  interface FastifyInstance {
    razorpaySimulator: RazorpaySimulator | undefined;
  }
}

// Razorpay retries for 24 hours; locally a few tries show the same behaviour, and tests must not wait.
const WEBHOOK_RETRY: Record<'test' | 'other', WebhookRetryPolicy> = {
  test: { attempts: 3, initialDelayMs: 10 },
  other: { attempts: 6, initialDelayMs: 1000 },
};

/** A local Razorpay (API, Checkout and webhooks) while no Razorpay keys are set (docs/architecture.md#simulators). */
export default fp(
  async (app) => {
    const { config } = app;
    const allowed = config.env !== 'production' || config.allowSimulators;
    if (config.razorpay || !allowed) {
      app.decorate('razorpaySimulator', undefined);
      return;
    }
    const state = await keepRazorpayStateIn(app.db, (error) =>
      app.log.error({ err: error }, 'the Razorpay simulator could not save a change'),
    );
    const sim = createRazorpaySimulator({
      postWebhook: async (target, headers, body) =>
        (await app.inject({ method: 'POST', url: target, headers, payload: body })).statusCode,
      webhookRetry: WEBHOOK_RETRY[config.env === 'test' ? 'test' : 'other'],
      state: { saved: state.saved, onChange: state.onChange },
    });
    app.decorate('razorpaySimulator', sim.simulator);
    const faults = createFaultInjector(SIMULATOR_BASE_PATH);
    // Before the server waits for calls in flight: held calls go at once.
    app.addHook('preClose', async () => faults.reset());
    app.addHook('onClose', async () => {
      await sim.close();
      await state.flushed();
    });
    await app.register(simulatedRazorpayRoutes(sim, faults), { prefix: SIMULATOR_BASE_PATH });
    // The provider's API and Checkout stay open; its controls are dev tools (docs/architecture.md#security).
    if (devToolsAccess(config) !== 'off') {
      await app.register(
        async (controls) => {
          requireDevToolsToken(controls, config);
          await controls.register(controlRoutes(sim));
          await controls.register(faults.routes);
        },
        { prefix: `${SIMULATOR_BASE_PATH}/control` },
      );
    }
  },
  { name: 'razorpay-simulator', dependencies: ['database'] },
);

/**
 * Razorpay's API under `/v1` and its Checkout, with the simulator's faults applied to them; registered under
 * SIMULATOR_BASE_PATH by this plugin, and by the tests that run one simulator for several shop processes.
 */
export function simulatedRazorpayRoutes(
  sim: SimulatorInternals,
  faults: ReturnType<typeof createFaultInjector>,
): FastifyPluginAsync {
  return async (scope) => {
    addFaultHook(scope, faults);
    await scope.register(restRoutes(sim), { prefix: '/v1' });
    await scope.register(checkoutRoutes(sim));
  };
}
