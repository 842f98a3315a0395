import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_RESEND_INTERVAL_SECONDS } from '../../../contracts/account';
import { otpCodes } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { uniqueContact } from '../../test/shopper-factory';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({
    authRateLimitMax: 1000,
    otpResendIntervalMs: OTP_RESEND_INTERVAL_SECONDS * 1000,
  });
});
afterAll(() => app.closeAndDrop());

const send = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/send-otp', payload });

/** Moves the address's codes back in time, as the clock moving forward would. */
async function ageCodes(address: string, seconds: number) {
  await app.db
    .update(otpCodes)
    .set({ createdAt: sql`${otpCodes.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(otpCodes.address, address));
}

describe('the OTP resend interval', () => {
  it(`refuses a new code to the same address within ${OTP_RESEND_INTERVAL_SECONDS} s, whatever the purpose`, async () => {
    const { email, mobile } = uniqueContact();
    expect((await send({ email })).statusCode).toBe(200);
    for (const payload of [{ email }, { email: email.toUpperCase(), purpose: 'login' }]) {
      const again = await send(payload);
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual({
        message: 'Please wait 30 seconds before asking for another OTP.',
      });
    }
    // Another address is not held up.
    expect((await send({ mobile })).statusCode).toBe(200);

    await ageCodes(email, OTP_RESEND_INTERVAL_SECONDS - 2);
    expect((await send({ email })).statusCode).toBe(429);
    await ageCodes(email, 3);
    expect((await send({ email })).statusCode).toBe(200);
  });

  it('holds an address with no account just the same for a login code', async () => {
    const { email } = uniqueContact();
    expect((await send({ email, purpose: 'login' })).statusCode).toBe(200);
    const again = await send({ email, purpose: 'login' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ message: 'Please wait 30 seconds before asking for another OTP.' });
  });
});
