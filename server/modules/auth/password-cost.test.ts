import { describe, expect, it } from 'vitest';
import { FAST_PASSWORD_HASHING_ENV, passwordHashCost } from './password-cost';

describe('the password hashing cost', () => {
  it("is argon2's default unless a test run asks for less", () => {
    expect(passwordHashCost({ NODE_ENV: 'development' })).toEqual({});
    expect(passwordHashCost({ NODE_ENV: 'test', [FAST_PASSWORD_HASHING_ENV]: '1' })).toEqual({
      memoryCost: 1024,
      timeCost: 1,
      parallelism: 1,
    });
  });

  it('is never lowered in production', () => {
    expect(passwordHashCost({ NODE_ENV: 'production', [FAST_PASSWORD_HASHING_ENV]: '1' })).toEqual({});
  });
});
