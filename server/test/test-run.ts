// Imported by the runners' own configs, whose loader wants every import spelled out to the file.
import { FAST_PASSWORD_HASHING_ENV } from '../modules/auth/password-cost.ts';

/** Environment of every test process, Vitest's and Playwright's. */
export const testRunEnv: Record<string, string> = {
  // Tests hash a password for nearly every shopper; production's cost would be most of the run.
  [FAST_PASSWORD_HASHING_ENV]: '1',
  // Factories give every shopper a number starting 987: the shop's SMS limits would stop a suite otherwise.
  OTP_SMS_HOURLY_BUDGET: '100000',
  OTP_SMS_PREFIX_HOURLY_LIMIT: '100000',
};

/**
 * Test files (Vitest) or browser workers (Playwright) at once. The build machines have two cores, on which
 * Vitest alone would pick one; much of a test's time is waiting (pg-boss polling, PostgreSQL, a browser).
 */
export const testWorkers = 2;

/** Limits both runners share: one test, and set-up that starts a whole app (database, pg-boss). */
export const testTimeouts = { testMs: 30_000, setupMs: 120_000 } as const;
