import fp from 'fastify-plugin';
import { injectFetch } from '../../providers/inject-fetch';
import { createShiprocketClient, type ShiprocketClient } from '../../providers/shiprocket/client';

export interface ShiprocketGateway {
  client: ShiprocketClient;
  /** The `x-api-key` a tracking webhook must carry; undefined means webhooks are refused (polling only). */
  webhookToken: string | undefined;
  /** The public page where a parcel with this AWB is followed, known as soon as the AWB is. */
  trackingPageUrl(awb: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    shiprocket: ShiprocketGateway;
  }
}

/** Shiprocket for the shipping work: the real API when its API user is configured, else the local simulator. */
export default fp(
  async (app) => {
    const real = app.config.shiprocket;
    if (real) {
      app.decorate('shiprocket', {
        client: createShiprocketClient({ baseUrl: real.baseUrl, email: real.email, password: real.password }),
        webhookToken: app.config.shipping.webhookToken,
        // The track_url Shiprocket's tracking replies carry.
        trackingPageUrl: (awb) => `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`,
      });
      return;
    }
    const simulator = app.shiprocketSimulator;
    if (!simulator) throw new Error('Shiprocket has no API user configured and its simulator is off');
    app.decorate('shiprocket', {
      client: createShiprocketClient({
        baseUrl: `http://simulator.local${simulator.baseUrl}`,
        email: simulator.email,
        password: simulator.password,
        fetch: injectFetch(app),
        retryDelayMs: 20,
      }),
      webhookToken: simulator.webhookToken,
      trackingPageUrl: (awb) =>
        `${app.config.publicUrl.replace(/\/$/, '')}${simulator.baseUrl}/tracking/${encodeURIComponent(awb)}`,
    });
  },
  { name: 'shiprocket-gateway' },
);
