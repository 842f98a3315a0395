import { randomBytes } from 'node:crypto';
import { type Config, loadConfig } from '../config';
import { testRunEnv } from './test-run';

export type TestConfigOverrides = Partial<Omit<Config, 'databaseUrl'>>;

/** The app's configuration in tests: every outside service simulated, quiet, its own rate-limit counters. */
export function testAppConfig(databaseUrl: string | undefined, overrides: TestConfigOverrides = {}): Config {
  const base = loadConfig({ ...testRunEnv, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  return {
    ...base,
    // Every test comes from one IP and many reuse an address: the bot challenge's own tests lower these.
    botChallenge: { ...base.botChallenge, ...testBotChallenge },
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

/** The bot challenge in tests: never asked by the request counts, and solved in a few milliseconds. */
export const testBotChallenge = {
  afterRequests: { address: 100_000, ip: 100_000 },
  difficulty: { cost: 1, counterMin: 0, counterMax: 20 },
} satisfies Partial<Config['botChallenge']>;
