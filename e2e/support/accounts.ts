import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { User } from '../../contracts/auth';
import { SIGNED_IN_HINT_COOKIE } from '../../contracts/session-hint';
import { SESSION_COOKIE } from '../../server/http/authentication';
import { createSessionToken, createShopper } from '../../server/test/shopper-factory';
import type { ShopServer } from '../fixtures';

export { latestOtp } from '../../server/test/dev-outbox';

export interface TestShopper {
  email: string;
  mobile: string;
  password: string;
  firstName: string;
  lastName: string;
  city: string;
  pincode: string;
  /** Whether the mobile was verified by OTP, so it signs in (docs/architecture.md#accounts). */
  phoneVerified: boolean;
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
    phoneVerified: false,
    ...overrides,
  };
}

/** The rest of the address every shopper made by the factory gets (city and pincode are the shopper's). */
export const testAddress = {
  houseName: '12 Silk Lane',
  streetArea: 'Koregaon Park',
  state: 'Maharashtra',
  country: 'India',
} as const;

/** docs/product.md#screens Location modal: the shopper's saved address joined by commas. */
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

/** A shopper made here has an account: its id and the user the app stores after a login. */
export type SignedUpShopper = TestShopper & { user: User };

/** Puts a session of the user into the page's browser as its cookie: the page is signed in from now on. */
async function setSessionCookie(page: Page, server: ShopServer, userId: string): Promise<void> {
  const token = await createSessionToken(server.app, userId);
  await page.context().addCookies([
    { name: SESSION_COOKIE, value: token, url: server.url, httpOnly: true, sameSite: 'Lax' },
    // docs/architecture.md#signed-in-hint: a sign-in sets both.
    { name: SIGNED_IN_HINT_COOKIE, value: '1', url: server.url, sameSite: 'Lax' },
  ]);
}

/**
 * Creates the shopper's account in the worker's server (no OTP, no signup form: those have their own
 * journeys) and signs the page's browser in with the session cookie, as a login would.
 */
/** An account written straight into the worker's database; this browser is still a visitor's. */
export async function createAccount(server: ShopServer, shopper = aShopper()): Promise<SignedUpShopper> {
  const { user } = await createShopper(server.app, {
    email: shopper.email,
    phone: shopper.mobile,
    phoneVerified: shopper.phoneVerified,
    password: shopper.password,
    firstName: shopper.firstName,
    lastName: shopper.lastName,
    ...testAddress,
    city: shopper.city,
    pincode: shopper.pincode,
  });
  return { ...shopper, user };
}

export async function createSignedInShopper(
  page: Page,
  server: ShopServer,
  shopper = aShopper(),
): Promise<SignedUpShopper> {
  const account = await createAccount(server, shopper);
  await setSessionCookie(page, server, account.user._id);
  return account;
}

/** The login/signup modal (docs/product.md#screens), opened from the header's Login button. */
export async function openLoginModal(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The header's account dropdown toggle, which greets the signed-in shopper (docs/product.md#screens). */
export function accountMenu(page: Page, greeting: string): Locator {
  return page.getByRole('banner').getByRole('button', { name: `Hi, ${greeting}` });
}

/**
 * Stores the signed-in user in the page's local storage before the app starts, as the app does after a
 * login (web/lib/session.ts), so the page shows the shopper at once whether or not the app also restores
 * the session from the cookie. Only the tab's first page is seeded: a logout in the test stays a logout.
 */
async function storeSessionUser(page: Page, user: User): Promise<void> {
  await page.addInitScript((json) => {
    try {
      if (window.sessionStorage.getItem('e2e-user-stored') !== null) return;
      window.sessionStorage.setItem('e2e-user-stored', 'yes');
      window.localStorage.setItem('user', json);
    } catch {
      // about:blank has no storage; the app's own page comes next.
    }
  }, JSON.stringify(user));
}

/** Makes a new shopper and signs the page's browser in, cookie and stored user both. */
export async function signInBrowser(
  page: Page,
  server: ShopServer,
  shopper = aShopper(),
): Promise<SignedUpShopper> {
  const signedUp = await createSignedInShopper(page, server, shopper);
  await storeSessionUser(page, signedUp.user);
  return signedUp;
}

/** Signs an existing shopper into the page's browser too (e.g. a second browser context), as signInBrowser. */
export async function logInBrowser(page: Page, server: ShopServer, shopper: SignedUpShopper): Promise<void> {
  await setSessionCookie(page, server, shopper.user._id);
  await storeSessionUser(page, shopper.user);
}

/** Logs the shopper in through the login dialog's e-mail and password, and waits for it to close. */
export async function logInThroughDialog(dialog: Locator, shopper: { email: string; password: string }) {
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByLabel('Password').fill(shopper.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog).toBeHidden();
}
