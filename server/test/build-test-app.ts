import { randomBytes } from 'node:crypto';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { createTestDatabase } from './test-database';

export type TestConfigOverrides = Partial<Omit<Config, 'databaseUrl'>>;

/** The real app on a database of its own; `close` drops that database. */
export async function buildTestApp(overrides: TestConfigOverrides = {}) {
  const database = await createTestDatabase();
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    databaseUrl: database.url,
    dataDir: 'memory://',
    webDistDir: 'server/test/no-web-build',
    redisUrl: process.env.REDIS_URL,
    rateLimitNamespace: `mitten-test:${randomBytes(6).toString('hex')}:`,
    ...overrides,
  };
  const app = await buildApp(config, { logger: false });
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
