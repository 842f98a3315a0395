import fp from 'fastify-plugin';
import { buildCommandChannel } from '../modules/staff/command-channel';

/**
 * docs/operations.md#pglite-lock: a shop holding a PGlite folder opens its command channel on 127.0.0.1 when
 * it is ready and writes the port into the folder's lock, so `npm run admin` asks it rather than opening the
 * folder a second time. On PostgreSQL, or PGlite in memory, there is no lock and no channel.
 */
export default fp(
  async (app) => {
    const lock = app.pgliteFolderLock;
    if (!lock) return;
    const channel = buildCommandChannel({
      db: app.db,
      publicUrl: app.config.publicUrl,
      token: lock.token,
      logger: app.log.child({ channel: 'admin-command' }),
    });
    app.addHook('onReady', async () => {
      await channel.listen({ host: '127.0.0.1', port: 0 });
      const address = channel.server.address();
      if (address === null || typeof address === 'string') throw new Error('the command channel has no port');
      lock.announce(address.port);
    });
    // Before the database closes: a command in flight finishes first.
    app.addHook('preClose', async () => {
      await channel.close();
    });
  },
  { name: 'command-channel', dependencies: ['database'] },
);
