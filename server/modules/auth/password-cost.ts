/** Set to 1 by the test configs (Vitest and Playwright): passwords are hashed at a tiny cost. */
export const FAST_PASSWORD_HASHING_ENV = 'MITTEN_TEST_FAST_PASSWORD_HASHING';

/**
 * argon2's options beyond the algorithm. Test runs hash hundreds of passwords, and at argon2's default cost
 * (64 MiB, 3 passes) that was most of their time; production never honours the variable.
 */
export function passwordHashCost(env: NodeJS.ProcessEnv = process.env) {
  const fast = env[FAST_PASSWORD_HASHING_ENV] === '1' && env.NODE_ENV !== 'production';
  return fast ? { memoryCost: 1024, timeCost: 1, parallelism: 1 } : {};
}
