import type { Page } from '@playwright/test';
import { readOutbox } from '../server/test/dev-outbox';
import { expect, test } from './fixtures';
import { accountMenu, aShopper, latestOtp, openLoginModal, testAddress } from './support/accounts';

// docs/product.md#screens Login/signup modal, journeys through the real server. The states of the modal's
// views (validation, busy labels, refusals) are web/features/auth/components/auth-modal.test.tsx; /login,
// returnTo and the header's greeting are web/app/routes/login.test.tsx.

/**
 * The test Google chooser closes its own window on the click: Playwright may find the window gone before it
 * has finished clicking, which is the click having worked.
 */
async function clickClosingItsWindow(popup: Page, button: { name: string | RegExp }) {
  await Promise.all([
    popup.waitForEvent('close'),
    popup
      .getByRole('button', button)
      .click()
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error;
      }),
  ]);
}

const headerLogin = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Login', exact: true });

test('a visitor signs up by e-mail OTP after the resend countdown, uses the account menu, logs out and back in', async ({
  page,
  request,
}) => {
  await page.clock.install();
  const shopper = aShopper({ firstName: 'Meera' });
  await page.goto('/');
  await (await openLoginModal(page)).getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'OTP sent to your email! Please check your inbox and spam folder.',
  );
  // docs/product.md#otp: Resend code is offered once the 30 s countdown ends, and sends a new code.
  await expect(dialog.getByText('Resend code in 30s')).toBeVisible();
  await page.clock.fastForward(30_000);
  await dialog.getByRole('button', { name: 'Resend code' }).click();
  await expect.poll(async () => (await readOutbox(request, shopper.email)).length).toBe(2);
  await dialog.getByLabel('OTP').fill(await latestOtp(request, shopper.email));
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(dialog.getByRole('status')).toHaveText('OTP verified successfully!');

  await dialog.getByLabel('First Name').fill(shopper.firstName);
  await dialog.getByLabel('Last Name').fill(shopper.lastName);
  await dialog.getByLabel('Password').fill(shopper.password);
  await dialog.getByLabel('Mobile Number').fill(shopper.mobile);
  await dialog.getByLabel('House Name').fill(testAddress.houseName);
  await dialog.getByLabel('Street/Area').fill(testAddress.streetArea);
  await dialog.getByLabel('City').fill(shopper.city);
  await dialog.getByLabel('State').selectOption(testAddress.state);
  await dialog.getByLabel('Country').fill(testAddress.country);
  await dialog.getByLabel('Pincode').fill(shopper.pincode);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();

  // docs/product.md#behaviour: a reply with the user signs in at once.
  await expect(dialog).toBeHidden();
  const profile = await page.request.get('/api/auth/profile');
  expect(profile.status()).toBe(200);
  expect(await profile.json()).toMatchObject({
    email: shopper.email,
    phone: shopper.mobile,
    city: shopper.city,
  });

  // The header greets by first name; its menu shows the e-mail and the links.
  await accountMenu(page, 'Meera').click();
  const menu = page.getByRole('navigation', { name: 'Account' });
  await expect(menu.getByText('Meera', { exact: true })).toBeVisible();
  await expect(menu.getByText(shopper.email)).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
  await menu.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(menu).toBeHidden();

  // docs/product.md#behaviour Logout from the header: home, the stored user forgotten, the session ended.
  await accountMenu(page, 'Meera').click();
  await menu.getByRole('button', { name: 'Logout' }).click();
  await expect(headerLogin(page)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
  expect((await page.request.get('/api/auth/profile')).status()).toBe(401);

  const login = await openLoginModal(page);
  await login.getByLabel('Email').fill(shopper.email);
  await login.getByLabel('Password').fill(shopper.password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(login).toBeHidden();
  await expect(accountMenu(page, 'Meera')).toBeVisible();

  // The session survives a reload.
  await page.reload();
  await expect(accountMenu(page, 'Meera')).toBeVisible();
});

test('a visitor sent to /login for the profile: Google cancelled or unverified says so; the chosen account lands on the profile', async ({
  page,
}) => {
  await page.goto('/login?returnTo=%2Fprofile');
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  // The modal opens over the home page.
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toBeAttached();

  // docs/product.md#messages Google: the test chooser is the server's popup window.
  const cancelled = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
  await clickClosingItsWindow(await cancelled, { name: 'Cancel' });
  await expect(dialog.getByRole('alert')).toHaveText('Login cancelled. Please try again.');

  const unverified = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
  await clickClosingItsWindow(await unverified, { name: /neha\.unverified@example\.com/ });
  await expect(dialog.getByRole('alert')).toHaveText('Your Google account e-mail is not verified.');

  const chooser = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
  await clickClosingItsWindow(await chooser, { name: /priya\.sharma@example\.com/ });
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await accountMenu(page, 'Priya').click();
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByText('priya.sharma@example.com'),
  ).toBeVisible();
});
