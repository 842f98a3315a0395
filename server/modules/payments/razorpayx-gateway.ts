import fp from 'fastify-plugin';
import { injectFetch } from '../../providers/inject-fetch';
import { createRazorpayXClient, type RazorpayXClient } from '../../providers/razorpayx/client';

export interface RazorpayXGateway {
  client: RazorpayXClient;
  /** Checks payout webhooks (`readPayoutWebhook`). */
  webhookSecret: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Undefined in production until RazorpayX is configured (docs/operations.md#configuration): the shop starts
     * without it, and a refund to a UPI ID is refused with a message.
     */
    razorpayx: RazorpayXGateway | undefined;
  }
}

/** RazorpayX for refunds paid to a UPI ID: the real API when its keys are configured, else the local simulator. */
export default fp(
  async (app) => {
    const real = app.config.razorpayx;
    if (real) {
      app.decorate('razorpayx', {
        client: createRazorpayXClient({
          baseUrl: real.baseUrl,
          keyId: real.keyId,
          keySecret: real.keySecret,
          accountNumber: real.accountNumber,
        }),
        webhookSecret: real.webhookSecret,
      });
      return;
    }
    const simulator = app.razorpayxSimulator;
    if (!simulator) {
      app.decorate('razorpayx', undefined);
      return;
    }
    app.decorate('razorpayx', {
      client: createRazorpayXClient({
        baseUrl: `http://simulator.local${simulator.baseUrl}`,
        keyId: simulator.keyId,
        keySecret: simulator.keySecret,
        accountNumber: simulator.accountNumber,
        fetch: injectFetch(app),
        retryDelayMs: 20,
      }),
      webhookSecret: simulator.webhookSecret,
    });
  },
  { name: 'razorpayx-gateway' },
);
