import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { users } from '../server/db/schema';
import { readOutbox } from '../server/test/dev-outbox';
import { expect, test } from './fixtures';
import {
  accountMenu,
  aShopper,
  createAccount,
  latestOtp,
  logInBrowser,
  openLoginModal,
} from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { apiHeaders } from './support/shop';

// docs/product.md#code-login, #password-reset, #signed-in-devices and #your-data, on a phone, through the real
// server. The views' states are web/features/auth/components/auth-modal.test.tsx; Sign out everywhere's page
// is web/app/routes/profile.test.tsx.

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

test.use({ viewport: phoneViewport });

const headerLogin = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Login', exact: true });

test('a forgotten password is reset with a code, signing the other device out; later a code alone logs in', async ({
  page,
  browser,
  server,
  request,
}) => {
  // Two journeys of the old suite in one (a reset and a code login, each with its axe checks): more than 30 s
  // on a busy machine.
  test.slow();
  await page.clock.install();
  const shopper = await createAccount(server, aShopper({ firstName: 'Nisha' }));
  const otherContext = await browser.newContext({ viewport: phoneViewport });
  const otherDevice = await otherContext.newPage();
  await logInBrowser(otherDevice, server, shopper);
  await otherDevice.goto('/profile');
  await expect(otherDevice.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  await page.goto('/');
  await (await openLoginModal(page)).getByRole('button', { name: 'Forgot password?' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset password' });
  await reset.getByLabel('Email').fill(shopper.email);
  await reset.getByRole('button', { name: 'Send OTP' }).click();
  await expect(reset.getByLabel('New Password')).toBeVisible();
  await expectNoAxeViolations(page);
  await reset.getByLabel('OTP').fill(await latestOtp(request, shopper.email));
  await reset.getByLabel('New Password').fill('tussar-silk-2026');
  await reset.getByRole('button', { name: 'Set new password' }).click();
  await expect(reset.getByRole('status')).toHaveText(
    'Your password has been changed. You have been signed out on every other device.',
  );
  await expectNoAxeViolations(page);
  await reset.getByRole('button', { name: 'Continue' }).click();
  await expect(accountMenu(page, 'Nisha')).toBeVisible();

  // The other device's next call is refused, and the app there shows a visitor.
  expect((await otherDevice.request.get('/api/auth/profile')).status()).toBe(401);
  await otherDevice.reload();
  await expect(headerLogin(otherDevice)).toBeVisible();
  await otherContext.close();
  const withNewPassword = await request.post('/api/auth/login', {
    data: { email: shopper.email, password: 'tussar-silk-2026' },
  });
  expect(withNewPassword.status()).toBe(200);

  // Later, logged out, a code to the e-mail logs in; Resend code counts down 30 seconds.
  await accountMenu(page, 'Nisha').click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  await (await openLoginModal(page)).getByRole('button', { name: 'Login with OTP instead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login with OTP' });
  await expect(dialog.getByRole('button', { name: 'Send OTP' })).toBeVisible();
  await expectNoAxeViolations(page);
  const codesBefore = (await readOutbox(request, shopper.email)).length;
  await dialog.getByLabel('Email').fill(shopper.email);
  // The page's time stands still while the countdown is read: a busy machine's seconds must not count.
  await page.clock.pauseAt(Date.now() + 1000);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'OTP sent to your email! Please check your inbox and spam folder.',
  );
  await expect(dialog.getByText('Resend code in 30s')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Resend code' })).toBeHidden();
  await expect.poll(async () => (await readOutbox(request, shopper.email)).length).toBe(codesBefore + 1);
  const firstCode = await latestOtp(request, shopper.email);

  await page.clock.fastForward(10_000);
  await expect(dialog.getByText('Resend code in 20s')).toBeVisible();
  await page.clock.fastForward(20_000);
  await dialog.getByRole('button', { name: 'Resend code' }).click();
  await expect(dialog.getByText('Resend code in 30s')).toBeVisible();
  // axe-core waits on the page's timers: it reads the sent state (code field, countdown) once time runs again.
  await page.clock.resume();
  await expectNoAxeViolations(page);
  await expect.poll(async () => (await readOutbox(request, shopper.email)).length).toBe(codesBefore + 2);
  const secondCode = await latestOtp(request, shopper.email);

  // Only the newest code opens the account.
  if (firstCode !== secondCode) {
    await dialog.getByLabel('OTP').fill(firstCode);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'The OTP is incorrect. Please check it and try again.',
    );
  }
  await dialog.getByLabel('OTP').fill(secondCode);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(accountMenu(page, 'Nisha')).toBeVisible();
  expect((await page.request.get('/api/auth/profile')).status()).toBe(200);
});

test.describe('on an Android phone', () => {
  test.use({ userAgent: ANDROID_CHROME });

  test('the shopper signs another device out, downloads their data and deletes the account with a code', async ({
    page,
    server,
    request,
  }) => {
    // Three journeys of the old suite in one (devices, download, deletion): more than 30 s on a busy machine.
    test.slow();
    const shopper = await createAccount(server, aShopper({ firstName: 'Farah', city: 'Mysuru' }));
    // Sessions from two other devices (the factory's: its own and the cookie's), then this phone's own
    // login, whose cookie it keeps.
    await logInBrowser(page, server, shopper);
    const loggedIn = await page.request.post('/api/auth/login', {
      headers: apiHeaders,
      data: { email: shopper.email, password: shopper.password },
    });
    expect(loggedIn.status()).toBe(200);

    await page.goto('/profile');
    const devices = page.getByRole('region', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(3);
    const thisDevice = devices.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(thisDevice).toContainText('Chrome on Android');
    await expect(thisDevice).toContainText('from 127.0.0.1');
    await expect(thisDevice.getByRole('button', { name: 'Sign out' })).toBeHidden();
    const other = devices.getByRole('listitem').filter({ hasText: 'Unknown device' }).first();
    await expectNoAxeViolations(page);

    await other.getByRole('button', { name: 'Sign out' }).click();
    await expect(devices.getByRole('status')).toHaveText('That device has been signed out.');
    await expect(devices.getByRole('listitem')).toHaveCount(2);

    // docs/product.md#your-data: the download is a JSON file of the account.
    const data = page.getByRole('region', { name: 'Your data' });
    const downloading = page.waitForEvent('download');
    await data.getByRole('link', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^ottoman-mittens-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(file.profile).toMatchObject({ _id: shopper.user._id, email: shopper.email, city: 'Mysuru' });
    expect(file.orders).toEqual([]);
    const exported = file.signedInDevices as { current: boolean }[];
    expect(exported.filter((device) => device.current)).toHaveLength(1);

    await data.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    await expect(dialog.getByRole('button', { name: 'Send OTP' })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'OTP sent to your email! Please check your inbox and spam folder.',
    );
    await dialog.getByLabel('OTP').fill('12');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByLabel('OTP')).toHaveAccessibleDescription('Please enter the 6-digit OTP.');
    await expectNoAxeViolations(page);

    await dialog.getByLabel('OTP').fill(await latestOtp(request, shopper.email));
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    // The confirmation replaced a page scrolled down to "Delete my account": it is in view and focused.
    await expect(page.getByRole('heading', { name: 'Signed out' })).toBeFocused();
    await expect(page.getByText('Your account has been deleted.')).toBeInViewport();
    await expect(headerLogin(page)).toBeVisible();
    await expectNoAxeViolations(page);

    expect(await server.db.select().from(users).where(eq(users.id, shopper.user._id))).toEqual([]);
    const login = await request.post('/api/auth/login', {
      data: { email: shopper.email, password: shopper.password },
    });
    expect(login.status()).toBe(400);
  });
});
