import { randomBytes } from 'node:crypto';
import { type Config, loadConfig } from '../config';

export type TestConfigOverrides = Partial<Omit<Config, 'databaseUrl'>>;

/** The app's configuration in tests: every outside service simulated, quiet, its own rate-limit counters. */
export function testAppConfig(databaseUrl: string | undefined, overrides: TestConfigOverrides = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    databaseUrl,
    dataDir: 'memory://',
    webDistDir: 'server/test/no-web-build',
    redisUrl: process.env.REDIS_URL,
    rateLimitNamespace: `mitten-test:${randomBytes(6).toString('hex')}:`,
    // Journeys and tests send codes back to back; the resend interval has its own tests.
    otpResendIntervalMs: 0,
    ...overrides,
  };
}
