import fp from 'fastify-plugin';
import { injectFetch } from '../../providers/inject-fetch';
import { createRazorpayClient, type RazorpayClient } from '../../providers/razorpay/client';

const CHECKOUT_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export interface RazorpayGateway {
  client: RazorpayClient;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where the browser loads Checkout from: Razorpay's script, or the simulator's. */
  checkoutScriptUrl: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    razorpay: RazorpayGateway;
  }
}

/** Razorpay for the payment routes: the real API when its keys are configured, else the local simulator. */
export default fp(
  async (app) => {
    const real = app.config.razorpay;
    if (real) {
      app.decorate('razorpay', {
        client: createRazorpayClient({ baseUrl: real.baseUrl, keyId: real.keyId, keySecret: real.keySecret }),
        keyId: real.keyId,
        keySecret: real.keySecret,
        webhookSecret: real.webhookSecret,
        checkoutScriptUrl: CHECKOUT_SCRIPT_URL,
      });
      return;
    }
    const simulator = app.razorpaySimulator;
    if (!simulator) throw new Error('Razorpay has no keys configured and its simulator is off');
    app.decorate('razorpay', {
      client: createRazorpayClient({
        baseUrl: `http://simulator.local${simulator.baseUrl}`,
        keyId: simulator.keyId,
        keySecret: simulator.keySecret,
        fetch: injectFetch(app),
        retryDelayMs: 20,
      }),
      keyId: simulator.keyId,
      keySecret: simulator.keySecret,
      webhookSecret: simulator.webhookSecret,
      checkoutScriptUrl: `${simulator.baseUrl}/checkout.js`,
    });
  },
  { name: 'razorpay-gateway' },
);
