import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { devToolsAccess, requireDevToolsToken } from '../../dev-tools';
import { addFaultHook, createFaultInjector } from '../faults';
import { webhookRetryFor } from '../razorpay/webhooks';
import { controlRoutes } from './control-routes';
import { payoutRoutes } from './rest-routes';
import { keepPayoutsIn } from './saved-state';
import {
  createRazorpayXSimulator,
  RAZORPAYX_SIMULATOR_BASE_PATH,
  type RazorpayXSimulator,
  type RazorpayXSimulatorInternals,
} from './simulator';

declare module 'fastify' {
  interface FastifyInstance {
    razorpayxSimulator: RazorpayXSimulator | undefined;
  }
}

/** How many payouts the simulator holds in memory on PostgreSQL (docs/operations.md#stalls-and-memory). */
export const PAYOUTS_KEPT_IN_MEMORY = 10_000;

/** A local RazorpayX (payouts API and webhooks) while no RazorpayX keys are set (docs/architecture.md#simulators). */
export default fp(
  async (app) => {
    const { config } = app;
    const allowed = config.env !== 'production' || config.allowSimulators;
    if (config.razorpayx || !allowed) {
      app.decorate('razorpayxSimulator', undefined);
      return;
    }
    // As the Razorpay simulator's: on PostgreSQL only the newest payouts stay in memory; on PGlite a read
    // back inside the shop's own transaction would wait for that transaction.
    const state = await keepPayoutsIn(
      app.db,
      (error) => app.log.error({ err: error }, 'the RazorpayX simulator could not save a change'),
      app.databaseKind === 'postgres' ? PAYOUTS_KEPT_IN_MEMORY : undefined,
    );
    const sim = createRazorpayXSimulator({
      postWebhook: async (target, headers, body) =>
        (await app.inject({ method: 'POST', url: target, headers, payload: body })).statusCode,
      webhookRetry: webhookRetryFor(config.env),
      state: {
        saved: state.saved,
        onChange: state.onChange,
        ...(state.keep === undefined ? {} : { keep: state.keep, load: state.load }),
      },
    });
    app.decorate('razorpayxSimulator', sim.simulator);
    const faults = createFaultInjector(RAZORPAYX_SIMULATOR_BASE_PATH);
    app.addHook('preClose', async () => faults.reset());
    app.addHook('onClose', async () => {
      sim.close();
      await state.flushed();
    });
    await app.register(simulatedRazorpayXRoutes(sim, faults), { prefix: RAZORPAYX_SIMULATOR_BASE_PATH });
    if (devToolsAccess(config) !== 'off') {
      await app.register(
        async (controls) => {
          requireDevToolsToken(controls, config);
          await controls.register(controlRoutes(sim));
          await controls.register(faults.routes);
        },
        { prefix: `${RAZORPAYX_SIMULATOR_BASE_PATH}/control` },
      );
    }
  },
  { name: 'razorpayx-simulator', dependencies: ['database'] },
);

/** RazorpayX's payouts API under `/v1`, with the simulator's faults applied to it. */
export function simulatedRazorpayXRoutes(
  sim: RazorpayXSimulatorInternals,
  faults: ReturnType<typeof createFaultInjector>,
): FastifyPluginAsync {
  return async (scope) => {
    addFaultHook(scope, faults);
    await scope.register(payoutRoutes(sim), { prefix: '/v1' });
  };
}
