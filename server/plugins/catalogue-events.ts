import fp from 'fastify-plugin';
import { type CatalogueVersions, createCatalogueVersions } from '../db/change-events';

declare module 'fastify' {
  interface FastifyInstance {
    /** docs/operations.md#catalogue-cache: when the catalogue and the settings kept in memory must be read again. */
    catalogueVersions: CatalogueVersions;
  }
}

/**
 * Listens for changes to the products and the shop settings, from any process. Until it listens (or while
 * its connection is down) nothing is kept: every read goes to the database.
 */
export default fp(
  async (app) => {
    const versions = createCatalogueVersions();
    let down = false;
    const listener = await app.listenForCatalogueChanges({
      notified: versions.handlers.notified,
      listening() {
        versions.handlers.listening();
        if (down) app.log.info('listening for catalogue changes again');
        down = false;
      },
      lost(error) {
        versions.handlers.lost(error);
        // Once per outage: the listener retries every second.
        if (!down) {
          app.log.warn(
            { err: error },
            'not listening for catalogue changes: every request reads the database',
          );
        }
        down = true;
      },
    });
    app.decorate('catalogueVersions', versions);
    app.addHook('onClose', () => listener.close());
  },
  { name: 'catalogue-events', dependencies: ['database'] },
);
