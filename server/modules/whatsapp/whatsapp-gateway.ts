import fp from 'fastify-plugin';
import { injectFetch } from '../../providers/inject-fetch';
import { createWhatsAppClient, type WhatsAppClient } from '../../providers/whatsapp/client';

export interface WhatsAppGateway {
  client: WhatsAppClient;
  /** Checks the webhooks' X-Hub-Signature-256. */
  appSecret: string;
  /** Answers the webhook's verification handshake. */
  verifyToken: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Undefined in production until WhatsApp is configured (docs/operations.md#whatsapp): the channel is then
     * off and every message goes by e-mail or SMS.
     */
    whatsapp: WhatsAppGateway | undefined;
  }
}

/** WhatsApp: the Cloud API when configured, else the local simulator, else none. */
export default fp(
  async (app) => {
    const real = app.config.whatsapp;
    if (real) {
      app.decorate('whatsapp', {
        client: createWhatsAppClient({
          baseUrl: real.baseUrl,
          phoneNumberId: real.phoneNumberId,
          accessToken: real.accessToken,
        }),
        appSecret: real.appSecret,
        verifyToken: real.verifyToken,
      });
      return;
    }
    const simulator = app.whatsappSimulator;
    if (!simulator) {
      app.decorate('whatsapp', undefined);
      return;
    }
    app.decorate('whatsapp', {
      client: createWhatsAppClient({
        baseUrl: `http://simulator.local${simulator.baseUrl}`,
        phoneNumberId: simulator.phoneNumberId,
        accessToken: simulator.accessToken,
        fetch: injectFetch(app),
      }),
      appSecret: simulator.appSecret,
      verifyToken: simulator.verifyToken,
    });
  },
  { name: 'whatsapp-gateway' },
);
