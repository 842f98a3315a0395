import fp from 'fastify-plugin';
import { devToolsAccess, requireDevToolsToken } from '../../dev-tools';
import { createFaultInjector } from '../faults';
import { chatRoutes, graphRoutes } from './routes';
import { createWhatsAppSimulator, WHATSAPP_SIMULATOR_BASE_PATH, type WhatsAppSimulator } from './simulator';

declare module 'fastify' {
  interface FastifyInstance {
    whatsappSimulator: WhatsAppSimulator | undefined;
  }
}

/** A local WhatsApp Cloud API while no WHATSAPP_* settings are given (docs/architecture.md#simulators). */
export default fp(
  async (app) => {
    const { config } = app;
    const allowed = config.env !== 'production' || config.allowSimulators;
    if (config.whatsapp || !allowed) {
      app.decorate('whatsappSimulator', undefined);
      return;
    }
    const sim = createWhatsAppSimulator({
      postWebhook: async (target, headers, body) =>
        (await app.inject({ method: 'POST', url: target, headers, payload: body })).statusCode,
      statusDelayMs: config.env === 'test' ? 5 : 800,
    });
    app.decorate('whatsappSimulator', sim.simulator);
    const faults = createFaultInjector(WHATSAPP_SIMULATOR_BASE_PATH);
    app.addHook('preClose', async () => {
      faults.reset();
      await sim.simulator.settled();
    });
    await app.register(graphRoutes(sim, faults), { prefix: WHATSAPP_SIMULATOR_BASE_PATH });
    if (devToolsAccess(config) !== 'off') {
      await app.register(
        async (controls) => {
          requireDevToolsToken(controls, config);
          await controls.register(chatRoutes(sim));
          await controls.register(faults.routes, { prefix: '/control' });
        },
        { prefix: WHATSAPP_SIMULATOR_BASE_PATH },
      );
    }
  },
  { name: 'whatsapp-simulator', dependencies: ['database'] },
);
