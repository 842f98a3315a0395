import { randomBytes } from 'node:crypto';
import { type Config, loadConfig } from '../config';
import { testRunEnv } from './test-run';

export type TestConfigOverrides = Partial<Omit<Config, 'databaseUrl'>>;

/** The app's configuration in tests: every outside service simulated, quiet, its own rate-limit counters. */
export function testAppConfig(databaseUrl: string | undefined, overrides: TestConfigOverrides = {}): Config {
  return {
    ...loadConfig({ ...testRunEnv, NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    databaseUrl,
    dataDir: 'memory://',
    webDistDir: 'server/test/no-web-build',
    redisUrl: process.env.REDIS_URL,
    rateLimitNamespace: `mitten-test:${randomBytes(6).toString('hex')}:`,
    ...overrides,
  };
}
