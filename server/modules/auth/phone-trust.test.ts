import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { bearer, signUpByPhone, signupDetails, uniqueContact, verifiedTicket } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createShopper, TEST_PASSWORD } from '../../test/shopper-factory';

// docs/architecture.md#accounts: a phone is a login only once verified; no answer tells whose a number is.

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 10_000, loginFailureDelayScale: 0 });
});
afterAll(() => app.closeAndDrop());

const needsOtp = { message: 'Please verify the new phone number with an OTP before saving it.' };
const verifyFirst = { message: 'Please verify OTP before signing up' };

const login = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/login', payload });
const signup = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/signup', payload });
const putProfile = (token: string, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(token), payload });

async function emailSignup(mobile: string, email = uniqueContact().email) {
  const verificationToken = await verifiedTicket(app, { email });
  return { payload: { ...signupDetails(), email, mobile, verificationToken }, email };
}

describe('phone squatting', () => {
  it('a number typed at an e-mail signup opens nothing and does not stop its owner', async () => {
    const victimMobile = uniqueContact().mobile;
    const squatter = await emailSignup(victimMobile);
    expect((await signup(squatter.payload)).statusCode).toBe(201);

    const squatterLogin = await login({ mobile: victimMobile, password: TEST_PASSWORD });
    const wrongPassword = await login({ email: squatter.email, password: 'not-the-password' });
    expect(squatterLogin.statusCode).toBe(wrongPassword.statusCode);
    expect(squatterLogin.body).toBe(wrongPassword.body);
    expect(squatterLogin.json()).toEqual({ message: 'Invalid email/phone or password' });

    const victim = await signUpByPhone(app, victimMobile);
    const victimLogin = await login({ mobile: victimMobile, password: TEST_PASSWORD });
    expect(victimLogin.statusCode).toBe(200);
    expect(victimLogin.json<{ user: { _id: string } }>().user._id).toBe(victim.user._id);

    const thief = await createShopper(app);
    const stolen = await putProfile(thief.token, { phone: victimMobile });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual(needsOtp);
    const [thiefRow] = await app.db.select().from(users).where(eq(users.id, thief.user._id));
    expect(thiefRow?.phone).toBe(thief.contact.mobile);
  });

  it('changes the phone with a ticket for exactly that number, which then signs in', async () => {
    const shopper = await createShopper(app);
    const { mobile } = uniqueContact();
    const otherNumberTicket = await verifiedTicket(app, { mobile: uniqueContact().mobile });
    expect(
      (await putProfile(shopper.token, { phone: mobile, phoneVerificationToken: otherNumberTicket })).json(),
    ).toEqual(needsOtp);
    const emailTicket = await verifiedTicket(app, { email: uniqueContact().email });
    expect(
      (await putProfile(shopper.token, { phone: mobile, phoneVerificationToken: emailTicket })).json(),
    ).toEqual(needsOtp);

    const phoneVerificationToken = await verifiedTicket(app, { mobile });
    const changed = await putProfile(shopper.token, { phone: `+91 ${mobile}`, phoneVerificationToken });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ phone: mobile, mobile });
    const [row] = await app.db.select().from(users).where(eq(users.id, shopper.user._id));
    expect(row?.phoneVerifiedAt).toBeInstanceOf(Date);
    const byPhone = await login({ mobile, password: shopper.password });
    expect(byPhone.json<{ user: { _id: string } }>().user._id).toBe(shopper.user._id);

    const other = await createShopper(app);
    const replayed = await putProfile(other.token, { phone: mobile, phoneVerificationToken });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual(needsOtp);
  });

  it('verifies the unverified number already on the profile with its ticket', async () => {
    const { mobile } = uniqueContact();
    const { payload } = await emailSignup(mobile);
    const { token } = (await signup(payload)).json<{ token: string }>();
    expect((await login({ mobile, password: TEST_PASSWORD })).statusCode).toBe(400);
    const phoneVerificationToken = await verifiedTicket(app, { mobile });
    expect((await putProfile(token, { phone: mobile, phoneVerificationToken })).statusCode).toBe(200);
    expect((await login({ mobile, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('tells the proven owner that another account verified the number, and spends the ticket', async () => {
    const owner = await signUpByPhone(app);
    const newcomer = await createShopper(app);
    const phoneVerificationToken = await verifiedTicket(app, { mobile: owner.mobile });
    const taken = await putProfile(newcomer.token, { phone: owner.mobile, phoneVerificationToken });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'This phone number belongs to another account.' });
    const again = await putProfile(newcomer.token, { phone: owner.mobile, phoneVerificationToken });
    expect(again.json()).toEqual(needsOtp);
  });
});

describe('account enumeration', () => {
  it('answers 200 profile phone changes alike, whoever owns the numbers', async () => {
    const prober = await createShopper(app);
    const verifiedOwners = await Promise.all(
      Array.from({ length: 10 }, () => createShopper(app, { email: null })),
    );
    const unverifiedOwners = await Promise.all(Array.from({ length: 10 }, () => createShopper(app)));
    const numbers = [
      ...verifiedOwners.map((owner) => owner.contact.mobile),
      ...unverifiedOwners.map((owner) => owner.contact.mobile),
      ...Array.from({ length: 180 }, () => uniqueContact().mobile),
    ];
    const replies = [];
    for (const phone of numbers) replies.push(await putProfile(prober.token, { phone }));
    expect(new Set(replies.map((reply) => reply.statusCode))).toEqual(new Set([400]));
    expect(new Set(replies.map((reply) => reply.body))).toEqual(new Set([JSON.stringify(needsOtp)]));
  });

  it('signs up by e-mail with another account’s mobile, and the ticket cannot probe a second number', async () => {
    const owner = await signUpByPhone(app);
    const { payload } = await emailSignup(owner.mobile);
    const created = await signup(payload);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ user: { mobile: owner.mobile } });
    const secondProbe = await signup({ ...payload, mobile: uniqueContact().mobile });
    expect(secondProbe.statusCode).toBe(400);
    expect(secondProbe.json()).toEqual(verifyFirst);
  });

  it('spends the ticket when the account cannot be written', async () => {
    const existing = await createShopper(app);
    const { payload } = await emailSignup(uniqueContact().mobile, existing.contact.email);
    const conflict = await signup(payload);
    expect(conflict.statusCode).toBe(409);
    const retry = await signup({ ...payload, mobile: uniqueContact().mobile });
    expect(retry.statusCode).toBe(400);
    expect(retry.json()).toEqual(verifyFirst);
  });
});
