import type { PGlite } from '@electric-sql/pglite';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { type Database, type DatabaseHandle, type ExecuteSql, openDatabase } from '../db/client';
import { seedCatalogue } from '../db/seed';
import { backfillMoneyRecord } from '../modules/order-money/backfill';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    databaseKind: DatabaseHandle['kind'];
    executeSql: ExecuteSql;
    databasePool: DatabaseHandle['pool'];
    oneStartAtATime: DatabaseHandle['oneStartAtATime'];
    /** PGlite in a folder: this process's hold on it, where the command channel announces its port. */
    pgliteFolderLock: DatabaseHandle['folderLock'];
    listenForCatalogueChanges: DatabaseHandle['listenForCatalogueChanges'];
  }
}

export interface DatabasePluginOptions {
  config: Config;
  /** PGlite only: a dumped data folder to start from (tests load a migrated template). */
  pgliteTemplate?: Blob | undefined;
  /** PGlite only: an open database to use and leave open (tests lend one per worker). */
  pgliteClient?: PGlite | undefined;
}

/** Opens the database (migrated and seeded) for the app's lifetime. */
export default fp(
  async (app, options: DatabasePluginOptions) => {
    const handle = await openDatabase({
      url: options.config.databaseUrl,
      dataDir: options.config.dataDir,
      loadDataDir: options.pgliteTemplate,
      client: options.pgliteClient,
      onConnectionError: (error) => app.log.warn({ err: error }, 'a pooled database connection broke'),
    });
    await handle.oneStartAtATime(async () => {
      await seedCatalogue(handle.db);
      const backfilled = await backfillMoneyRecord(handle.db);
      if (backfilled > 0)
        app.log.info({ orders: backfilled }, 'money record made for orders placed before it');
    });
    app.decorate('db', handle.db);
    app.decorate('databaseKind', handle.kind);
    app.decorate('executeSql', handle.executeSql);
    app.decorate('databasePool', handle.pool);
    app.decorate('oneStartAtATime', handle.oneStartAtATime);
    app.decorate('pgliteFolderLock', handle.folderLock);
    app.decorate('listenForCatalogueChanges', handle.listenForCatalogueChanges);
    app.addHook('onClose', () => handle.close());
    app.log.info({ database: handle.kind }, 'database ready');
  },
  { name: 'database' },
);
