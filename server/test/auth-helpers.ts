import { expect } from 'vitest';
import type { User } from '../../contracts/auth';
import type { TestApp } from './build-test-app';
import { latestOtp } from './dev-outbox';
import { TEST_PASSWORD, testProfile, uniqueContact } from './shopper-factory';

export { uniqueContact } from './shopper-factory';

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** No reply may ever carry a password hash or the code we just sent. */
export function expectNoSecrets(body: string, code?: string) {
  expect(body).not.toMatch(/\$argon2|password_?hash/i);
  if (code) expect(body).not.toContain(code);
}

export type OtpTarget = { email: string } | { mobile: string };

export async function sendCode(app: TestApp, target: OtpTarget) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: target });
  expect(response.statusCode, response.body).toBe(200);
  const to = 'email' in target ? target.email : target.mobile;
  const code = await latestOtp(app, to);
  expectNoSecrets(response.body, code);
  return code;
}

export async function verifiedTicket(app: TestApp, target: OtpTarget): Promise<string> {
  const otp = await sendCode(app, target);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { ...target, otp },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ verificationToken: string }>().verificationToken;
}

export function signupDetails(overrides: Record<string, string> = {}) {
  return { ...testProfile, password: TEST_PASSWORD, ...overrides };
}

/** Signs up a new e-mail account through the real OTP flow; other tests make shoppers with createShopper. */
export async function signUpUser(app: TestApp, overrides: Record<string, string> = {}) {
  const contact = uniqueContact();
  const verificationToken = await verifiedTicket(app, { email: contact.email });
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { ...signupDetails(overrides), email: contact.email, mobile: contact.mobile, verificationToken },
  });
  expect(response.statusCode, response.body).toBe(201);
  expectNoSecrets(response.body);
  const body = response.json<{ user: User; token: string }>();
  return { ...body, contact, password: overrides.password ?? TEST_PASSWORD };
}

/** Signs up a phone account through the real OTP flow: its mobile is verified, it has no e-mail. */
export async function signUpByPhone(app: TestApp, mobile = uniqueContact().mobile) {
  const verificationToken = await verifiedTicket(app, { mobile });
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { ...signupDetails(), phone: mobile, verificationToken },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<{ user: User; token: string }>();
  return { ...body, mobile, password: TEST_PASSWORD };
}
