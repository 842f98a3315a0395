import fp from 'fastify-plugin';
import type { DeliveryPromise } from '../../../contracts/delivery';
import { createShopSettingsCache } from '../shop-settings/cached-shop-settings';
import { deliveryPromiseFor } from './delivery-promises';
import { createServiceabilityLookup, type ServiceabilityLookup } from './serviceability';

export interface DeliveryPromises {
  lookup: ServiceabilityLookup;
  /**
   * docs/product.md#delivery-promise: the line a page shows for a pincode. Unserviceable only when Shiprocket
   * says no courier serves it; when it cannot say, the promise counts a courier's usual transit.
   */
  promiseFor(pincode: string): Promise<DeliveryPromise>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deliveryPromises: DeliveryPromises;
  }
}

/** One serviceability cache per process, shared by the delivery line and checkout. */
export default fp(
  async (app) => {
    const lookup = createServiceabilityLookup({
      // Looked up at each call: tests swap the client's methods.
      client: { checkServiceability: (query) => app.shiprocket.client.checkServiceability(query) },
      pickupPincode: app.config.shipping.pickupPincode,
      log: app.log,
    });
    // The settings row is read again only when the database says it changed (docs/operations.md#catalogue-cache).
    const readSettings = createShopSettingsCache(app.db, app.catalogueVersions);
    app.decorate('deliveryPromises', {
      lookup,
      async promiseFor(pincode) {
        const { dispatchDays } = (await readSettings()).settings;
        return deliveryPromiseFor(lookup, pincode, dispatchDays);
      },
    });
  },
  { name: 'delivery-promises', dependencies: ['shiprocket-gateway', 'catalogue-events'] },
);
