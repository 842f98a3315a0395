import fp from 'fastify-plugin';
import { type CodServiceabilityLookup, createCodServiceabilityLookup } from './cod-serviceability';

declare module 'fastify' {
  interface FastifyInstance {
    codServiceability: CodServiceabilityLookup;
  }
}

/** One cache per process of which pincodes a courier collects cash at (docs/architecture.md#cod-orders). */
export default fp(
  async (app) => {
    app.decorate(
      'codServiceability',
      createCodServiceabilityLookup({
        // Looked up at each call: tests swap the client's methods.
        client: { checkCodServiceability: (query) => app.shiprocket.client.checkCodServiceability(query) },
        pickupPincode: app.config.shipping.pickupPincode,
        log: app.log,
      }),
    );
  },
  { name: 'cod-serviceability', dependencies: ['shiprocket-gateway'] },
);
