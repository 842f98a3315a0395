import type { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { inject } from 'vitest';
import database from '../plugins/database';
import security from '../plugins/security';
import { type TestConfigOverrides, testAppConfig } from './test-config';
import { createTestDatabase } from './test-database';
import { borrowWorkerPglite } from './worker-pglite';

export interface SimulatorAppOptions {
  config?: TestConfigOverrides;
  /** The shop's security headers too, for tests of what a browser may load from the simulator. */
  securityHeaders?: boolean;
  /** A second simulator app at the same time: it keeps its state in this one's database. */
  databaseOf?: SimulatorApp;
}

/**
 * A bare Fastify with one simulator plugin, the configuration it reads and the database it keeps its state in
 * (docs/operations.md#simulator-state): no shop. A simulator speaks a provider's wire protocol, so its tests
 * need nothing else.
 */
export async function buildSimulatorApp(simulator: FastifyPluginAsync, options: SimulatorAppOptions = {}) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const shared = options.databaseOf;
  const lent = shared ? undefined : await lendDatabase();
  const config = testAppConfig(lent?.url, options.config);
  app.decorate('config', config);
  if (shared) {
    await app.register(
      fp(
        async (scope) => {
          scope.decorate('db', shared.db);
        },
        { name: 'database' },
      ),
    );
  } else {
    await app.register(database, { config, pgliteClient: lent?.client });
    app.addHook('onClose', async () => lent?.giveBack());
  }
  if (options.securityHeaders) await app.register(security);
  await app.register(simulator);
  return app;
}

export type SimulatorApp = Awaited<ReturnType<typeof buildSimulatorApp>>;

/** The worker's PGlite, put back to the template; on PostgreSQL a copy of the template, dropped afterwards. */
async function lendDatabase(): Promise<{ client?: PGlite; url?: string; giveBack(): Promise<void> }> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const lent = await borrowWorkerPglite(template.dumpFile);
    if (lent) return { client: lent.client, giveBack: async () => lent.giveBack() };
  }
  const copy = await createTestDatabase(template);
  if (!copy.url) throw new Error('the worker’s PGlite is lent already: pass `databaseOf` for a second app');
  return { url: copy.url, giveBack: () => copy.drop() };
}
