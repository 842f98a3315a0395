import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { users } from '../server/db/schema';
import { readOutbox } from '../server/test/dev-outbox';
import { createShopper } from '../server/test/shopper-factory';
import { expect, test } from './fixtures';
import {
  accountMenu,
  aShopper,
  createAccount,
  latestOtp,
  logInBrowser,
  openLoginModal,
  signInBrowser,
} from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { apiHeaders } from './support/shop';

// docs/product.md#code-login, #password-reset, #signed-in-devices and #your-data, on a phone.

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

test.use({ viewport: phoneViewport });

const headerLogin = (page: import('@playwright/test').Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Login', exact: true });

test('a shopper logs in with a code sent to their e-mail, no password', async ({ page, server, request }) => {
  const shopper = await createAccount(server, aShopper({ firstName: 'Kavya' }));
  await page.goto('/');
  const login = await openLoginModal(page);
  await login.getByRole('button', { name: 'Login with OTP instead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login with OTP' });
  await expect(dialog.getByRole('button', { name: 'Send OTP' })).toBeVisible();
  await expectNoAxeViolations(page);

  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'OTP sent to your email! Please check your inbox and spam folder.',
  );
  await expect(dialog.getByText('Resend code in 30s')).toBeVisible();
  await expectNoAxeViolations(page);

  await dialog.getByLabel('OTP').fill(await latestOtp(request, shopper.email));
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(accountMenu(page, 'Kavya')).toBeVisible();
  expect((await page.request.get('/api/auth/profile')).status()).toBe(200);
});

test('a shopper logs in with a code sent to their phone; an unknown number gets the same answer', async ({
  page,
  server,
  request,
}) => {
  const contact = aShopper();
  await createShopper(server.app, { email: null, phone: contact.mobile, firstName: 'Ravi' });
  await page.goto('/');
  const login = await openLoginModal(page);
  await login.getByRole('button', { name: 'Login with OTP instead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login with OTP' });
  await dialog.getByRole('group', { name: 'Send the OTP to' }).getByRole('button', { name: 'Phone' }).click();

  const stranger = aShopper();
  await dialog.getByLabel('Phone Number').fill(stranger.mobile);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByRole('status')).toHaveText('OTP sent to your phone!');
  expect(await readOutbox(request, stranger.mobile)).toEqual([]);

  await dialog.getByLabel('Phone Number').fill(`+91${contact.mobile}`);
  await expect(dialog.getByRole('button', { name: 'Send OTP' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByRole('status')).toHaveText('OTP sent to your phone!');
  await dialog.getByLabel('OTP').fill(await latestOtp(request, contact.mobile));
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(accountMenu(page, 'Ravi')).toBeVisible();
});

test('a forgotten password is reset with a code; the other device is signed out', async ({
  page,
  browser,
  server,
  request,
}) => {
  const shopper = await createAccount(server, aShopper({ firstName: 'Nisha' }));
  const otherContext = await browser.newContext({ viewport: phoneViewport });
  const otherDevice = await otherContext.newPage();
  await logInBrowser(otherDevice, server, shopper);
  await otherDevice.goto('/profile');
  await expect(otherDevice.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  await page.goto('/');
  const login = await openLoginModal(page);
  await login.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset password' });
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByLabel('New Password')).toBeVisible();
  await expectNoAxeViolations(page);

  await dialog.getByLabel('OTP').fill(await latestOtp(request, shopper.email));
  await dialog.getByLabel('New Password').fill('password');
  await dialog.getByRole('button', { name: 'Set new password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'This password is too common. Please choose a less guessable one.',
  );
  await dialog.getByLabel('New Password').fill('tussar-silk-2026');
  await dialog.getByRole('button', { name: 'Set new password' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Your password has been changed. You have been signed out on every other device.',
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Continue' }).click();
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
});

test('Resend code counts down 30 seconds, then sends a new code', async ({ page, server, request }) => {
  await page.clock.install();
  const shopper = await createAccount(server);
  await page.goto('/');
  const login = await openLoginModal(page);
  await login.getByRole('button', { name: 'Login with OTP instead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login with OTP' });
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByText('Resend code in 30s')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Resend code' })).toBeHidden();
  const firstCode = await latestOtp(request, shopper.email);

  await page.clock.fastForward(10_000);
  await expect(dialog.getByText('Resend code in 20s')).toBeVisible();
  await page.clock.fastForward(20_000);
  await dialog.getByRole('button', { name: 'Resend code' }).click();
  await expect(dialog.getByText('Resend code in 30s')).toBeVisible();
  await expect.poll(async () => (await readOutbox(request, shopper.email)).length).toBe(2);
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
  await expect(accountMenu(page, shopper.firstName)).toBeVisible();
});

test('the signup verification offers Resend code after the countdown too', async ({ page, request }) => {
  await page.clock.install();
  const shopper = aShopper();
  await page.goto('/');
  const login = await openLoginModal(page);
  await login.getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByText('Resend code in 30s')).toBeVisible();
  await page.clock.fastForward(30_000);
  await dialog.getByRole('button', { name: 'Resend code' }).click();
  await expect.poll(async () => (await readOutbox(request, shopper.email)).length).toBe(2);
  await dialog.getByLabel('OTP').fill(await latestOtp(request, shopper.email));
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(dialog.getByRole('status')).toHaveText('OTP verified successfully!');
});

test.describe('on an Android phone', () => {
  test.use({ userAgent: ANDROID_CHROME });

  test('the profile lists signed-in devices; one is signed out, then every one', async ({ page, server }) => {
    const shopper = await createAccount(server, aShopper({ firstName: 'Farah' }));
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

    await devices.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();
    await expect(page.getByText('You have been signed out on every device.')).toBeVisible();
    await expect(headerLogin(page)).toBeVisible();
    await expectNoAxeViolations(page);
    expect((await page.request.get('/api/auth/profile')).status()).toBe(401);
  });
});

test('Download my data gives a JSON file of the account', async ({ page, server }) => {
  const shopper = await signInBrowser(page, server, aShopper({ city: 'Mysuru' }));
  await page.goto('/profile');
  const data = page.getByRole('region', { name: 'Your data' });
  await expect(data).toBeVisible();
  await expectNoAxeViolations(page);
  const downloading = page.waitForEvent('download');
  await data.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ottoman-mittens-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(file.profile).toMatchObject({ _id: shopper.user._id, email: shopper.email, city: 'Mysuru' });
  expect(file.orders).toEqual([]);
  const devices = file.signedInDevices as { current: boolean }[];
  expect(devices.filter((device) => device.current)).toHaveLength(1);
});

test('a shopper deletes their account with a code and is signed out', async ({ page, server, request }) => {
  const shopper = await signInBrowser(page, server, aShopper({ firstName: 'Zoya' }));
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete my account' }).click();
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
  await expect(headerLogin(page)).toBeVisible();
  await expectNoAxeViolations(page);

  expect(await server.db.select().from(users).where(eq(users.id, shopper.user._id))).toEqual([]);
  const login = await request.post('/api/auth/login', {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(login.status()).toBe(400);
});
