import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app';
import { type TestConfigOverrides, testAppConfig } from './test-config';
import { createTestDatabase } from './test-database';
import { borrowWorkerPglite } from './worker-pglite';

/**
 * The real app on a copy of the run's template database; `closeAndDrop` drops that copy. On PGlite the copy
 * is the worker's own PGlite put back to the template (docs/operations.md#tests), unless another app has it.
 */
export async function buildTestApp(
  overrides: TestConfigOverrides = {},
  options: Pick<BuildAppOptions, 'pageRenderer'> = {},
) {
  const template = inject('databaseTemplate');
  const lent = template.kind === 'pglite' ? await borrowWorkerPglite(template.dumpFile) : undefined;
  const database = lent ? undefined : await createTestDatabase(template);
  const dropDatabase = async () => {
    lent?.giveBack();
    await database?.drop();
  };
  const app = await buildApp(testAppConfig(database?.url, overrides), {
    logger: false,
    pgliteTemplate: database?.pgliteTemplate,
    pgliteClient: lent?.client,
    ...options,
  }).catch(async (error: unknown) => {
    await dropDatabase();
    throw error;
  });
  return Object.assign(app, {
    async closeAndDrop() {
      try {
        await app.close();
      } finally {
        await dropDatabase();
      }
    },
  });
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
