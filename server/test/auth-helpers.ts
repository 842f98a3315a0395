import { expect } from 'vitest';
import type { User } from '../../contracts/auth';
import type { TestApp } from './build-test-app';

let sequence = 0;

/** A fresh e-mail and mobile for each call, so tests never share an address. */
export function uniqueContact() {
  sequence += 1;
  const stamp = `${Date.now() % 1_000_000}${sequence}`.slice(-7).padStart(7, '0');
  return { email: `shopper${stamp}@example.in`, mobile: `987${stamp}` };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** No reply may ever carry a password hash or the code we just sent. */
export function expectNoSecrets(body: string, code?: string) {
  expect(body).not.toMatch(/\$argon2|password_?hash/i);
  if (code) expect(body).not.toContain(code);
}

export async function latestCode(app: TestApp, to: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const [message] = response.json<{ messages: { code: string | null }[] }>().messages;
  if (!message?.code) throw new Error(`no code in the outbox for ${to}`);
  return message.code;
}

export type OtpTarget = { email: string } | { mobile: string };

export async function sendCode(app: TestApp, target: OtpTarget) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: target });
  expect(response.statusCode, response.body).toBe(200);
  const to = 'email' in target ? target.email : target.mobile;
  const code = await latestCode(app, to);
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
  return {
    firstName: 'Asha',
    lastName: 'Rao',
    password: 'silk-mitten-42',
    houseName: 'Flat 4B, Lotus Residency',
    streetArea: 'MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    pincode: '560001',
    ...overrides,
  };
}

/** Signs up a new e-mail account through the real OTP flow. */
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
  return { ...body, contact, password: overrides.password ?? 'silk-mitten-42' };
}
