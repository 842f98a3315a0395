import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app';
import { type TestConfigOverrides, testAppConfig } from './test-config';
import { createTestDatabase } from './test-database';

/** The real app on a copy of the run's template database; `closeAndDrop` drops that copy. */
export async function buildTestApp(
  overrides: TestConfigOverrides = {},
  options: Pick<BuildAppOptions, 'pageRenderer'> = {},
) {
  const database = await createTestDatabase(inject('databaseTemplate'));
  const app = await buildApp(testAppConfig(database.url, overrides), {
    logger: false,
    pgliteTemplate: database.pgliteTemplate,
    ...options,
  }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  return Object.assign(app, {
    async closeAndDrop() {
      try {
        await app.close();
      } finally {
        await database.drop();
      }
    },
  });
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
