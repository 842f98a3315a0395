import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export interface TestShopper {
  email: string;
  mobile: string;
  password: string;
  firstName: string;
  lastName: string;
  city: string;
  pincode: string;
}

/** A factory with overrides: every call is a new shopper nobody else has used. */
export function aShopper(overrides: Partial<TestShopper> = {}): TestShopper {
  const tag = randomBytes(4).toString('hex');
  return {
    email: `shopper-${tag}@example.in`,
    mobile: `9${String(Number.parseInt(tag, 16) % 1_000_000_000).padStart(9, '0')}`,
    password: 'silk-mitten-2026',
    firstName: 'Asha',
    lastName: 'Verma',
    city: 'Pune',
    pincode: '411001',
    ...overrides,
  };
}

/** The code the shop "sent", read from the dev outbox (DESIGN: how tests read an OTP). */
export async function latestOtp(request: APIRequestContext, to: string): Promise<string> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  const { messages } = (await response.json()) as { messages: { code?: string }[] };
  const code = messages.find((message) => message.code)?.code;
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** The rest of the address every shopper signed up through the API gets (city and pincode are the shopper's). */
export const testAddress = {
  houseName: '12 Silk Lane',
  streetArea: 'Koregaon Park',
  state: 'Maharashtra',
  country: 'India',
} as const;

/** spec §2 Location modal: the shopper's saved address joined by commas. */
export function addressLine(shopper: TestShopper): string {
  return [
    testAddress.houseName,
    testAddress.streetArea,
    shopper.city,
    testAddress.state,
    testAddress.country,
    shopper.pincode,
  ].join(', ');
}

/**
 * Signs a shopper up by e-mail OTP through the API, as the browser app does. Given a page's or context's
 * `request`, the session cookie lands in that browser context, so its pages are signed in.
 */
export async function signUpThroughApi(
  request: APIRequestContext,
  shopper = aShopper(),
): Promise<TestShopper> {
  const headers = { 'X-Requested-With': 'fetch' };
  const sent = await request.post('/api/auth/send-otp', { headers, data: { email: shopper.email } });
  expect(sent.status(), await sent.text()).toBe(200);
  const otp = await latestOtp(request, shopper.email);
  const verified = await request.post('/api/auth/verify-otp', {
    headers,
    data: { email: shopper.email, otp },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const { verificationToken } = (await verified.json()) as { verificationToken: string };
  const signedUp = await request.post('/api/auth/signup', {
    headers,
    data: {
      verificationToken,
      email: shopper.email,
      mobile: shopper.mobile,
      password: shopper.password,
      firstName: shopper.firstName,
      lastName: shopper.lastName,
      ...testAddress,
      city: shopper.city,
      pincode: shopper.pincode,
    },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  return shopper;
}

/** The login/signup modal (spec §2), opened from the header's Login button. */
export async function openLoginModal(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The header's account dropdown toggle, which greets the signed-in shopper (spec §2). */
export function accountMenu(page: Page, greeting: string): Locator {
  return page.getByRole('banner').getByRole('button', { name: `Hi, ${greeting}` });
}

/** Logs an existing shopper in through the API; as with signup, the session cookie lands in that context. */
export async function logInThroughApi(request: APIRequestContext, shopper: TestShopper): Promise<void> {
  const response = await request.post('/api/auth/login', {
    headers: { 'X-Requested-With': 'fetch' },
    data: { email: shopper.email, password: shopper.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Stores the signed-in user in the page's local storage before the app starts, as the app does after a
 * login (web/lib/session.ts), so the page shows the shopper at once whether or not the app also restores
 * the session from the cookie. Only the tab's first page is seeded: a logout in the test stays a logout.
 */
async function storeSessionUser(page: Page): Promise<void> {
  const response = await page.request.get('/api/auth/profile');
  expect(response.status(), await response.text()).toBe(200);
  const reply = (await response.json()) as { user?: unknown };
  const userJson = JSON.stringify(reply.user ?? reply);
  await page.addInitScript((json) => {
    try {
      if (window.sessionStorage.getItem('e2e-user-stored') !== null) return;
      window.sessionStorage.setItem('e2e-user-stored', 'yes');
      window.localStorage.setItem('user', json);
    } catch {
      // about:blank has no storage; the app's own page comes next.
    }
  }, userJson);
}

/** Signs a new shopper up through the API and into the page's browser, cookie and stored user both. */
export async function signInBrowser(page: Page, shopper = aShopper()): Promise<TestShopper> {
  await signUpThroughApi(page.request, shopper);
  await storeSessionUser(page);
  return shopper;
}

/** Logs an existing shopper into the page's browser (e.g. a second browser context), as signInBrowser. */
export async function logInBrowser(page: Page, shopper: TestShopper): Promise<void> {
  await logInThroughApi(page.request, shopper);
  await storeSessionUser(page);
}
