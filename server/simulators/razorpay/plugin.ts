import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
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
import type { RazorpayEntityKey } from './store';
import { webhookRetryFor } from './webhooks';

declare module 'fastify' {
  interface FastifyInstance {
    razorpaySimulator: RazorpaySimulator | undefined;
  }
}

/** How many Razorpay orders, with their payments and refunds, the simulator holds in memory on PostgreSQL. */
export const ORDERS_KEPT_IN_MEMORY = 10_000;

/** A local Razorpay (API, Checkout and webhooks) while no Razorpay keys are set (docs/architecture.md#simulators). */
export default fp(
  async (app) => {
    const { config } = app;
    const allowed = config.env !== 'production' || config.allowSimulators;
    if (config.razorpay || !allowed) {
      app.decorate('razorpaySimulator', undefined);
      return;
    }
    // docs/operations.md#stalls-and-memory: on PostgreSQL the newest orders stay in memory and older ones are
    // read back when named. Not on PGlite: the shop calls the simulator inside its own transaction, and
    // PGlite would make the read wait for that transaction, which waits for the simulator.
    const state = await keepRazorpayStateIn(
      app.db,
      (error) => app.log.error({ err: error }, 'the Razorpay simulator could not save a change'),
      app.databaseKind === 'postgres' ? ORDERS_KEPT_IN_MEMORY : undefined,
    );
    const sim = createRazorpaySimulator({
      postWebhook: async (target, headers, body) =>
        (await app.inject({ method: 'POST', url: target, headers, payload: body })).statusCode,
      webhookRetry: webhookRetryFor(config.env),
      state: {
        saved: state.saved,
        onChange: state.onChange,
        ...(state.keep === undefined ? {} : { keep: state.keep, load: state.load }),
      },
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
    scope.addHook('preHandler', async (request) => {
      const key = entityNamedBy(request);
      if (key) await sim.recall(key);
    });
    await scope.register(restRoutes(sim), { prefix: '/v1' });
    await scope.register(checkoutRoutes(sim));
  };
}

/** The order, payment or refund a call to the simulated API or Checkout names, if any. */
function entityNamedBy(request: FastifyRequest): RazorpayEntityKey | undefined {
  const url = request.routeOptions.url ?? '';
  const id = (request.params as { id?: unknown } | undefined)?.id;
  if (typeof id === 'string') {
    if (url.includes('/orders/:id')) return { orderId: id };
    if (url.includes('/payments/:id')) return { paymentId: id };
    if (url.includes('/refunds/:id')) return { refundId: id };
  }
  const fields = { ...(request.query as object | undefined), ...(request.body as object | undefined) };
  const orderId = (fields as { order_id?: unknown }).order_id;
  return url.includes('/checkout/') && typeof orderId === 'string' ? { orderId } : undefined;
}
