import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  accountMenu,
  aShopper,
  createSignedInShopper,
  latestOtp,
  openLoginModal,
  type TestShopper,
  testAddress,
} from './support/accounts';
import { afterTwoFrames } from './support/frames';
import { holdRequests } from './support/hold-requests';

async function fillSignupDetails(dialog: Locator, shopper: TestShopper, options: { mobile: boolean }) {
  await dialog.getByLabel('First Name').fill(shopper.firstName);
  await dialog.getByLabel('Last Name').fill(shopper.lastName);
  await dialog.getByLabel('Password').fill(shopper.password);
  if (options.mobile) await dialog.getByLabel('Mobile Number').fill(shopper.mobile);
  await dialog.getByLabel('House Name').fill(testAddress.houseName);
  await dialog.getByLabel('Street/Area').fill(testAddress.streetArea);
  await dialog.getByLabel('City').fill(shopper.city);
  await dialog.getByLabel('State').fill(testAddress.state);
  await dialog.getByLabel('Country').fill(testAddress.country);
  await dialog.getByLabel('Pincode').fill(shopper.pincode);
}

async function logOutFromHeader(page: Page, greeting: string) {
  await accountMenu(page, greeting).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
}

test('a visitor signs up by e-mail OTP through the modal and is signed in', async ({ page, request }) => {
  const shopper = aShopper({ firstName: 'Meera' });
  await page.goto('/');
  let dialog = await openLoginModal(page);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await expect(
    dialog.getByRole('group', { name: 'Verify with' }).getByRole('button', { name: 'Email' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // docs/product.md#phone-and-email: an e-mail OTP needs an @.
  await dialog.getByLabel('Email').fill('meera.example.in');
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid email address');

  await dialog.getByLabel('Email').fill(shopper.email);
  const releaseSend = await holdRequests(page, '/api/auth/send-otp');
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(dialog.getByRole('alert')).toBeHidden();
  releaseSend();
  await expect(dialog.getByRole('button', { name: 'Sent' })).toBeDisabled();
  await expect(dialog.getByRole('status')).toHaveText(
    'OTP sent to your email! Please check your inbox and spam folder.',
  );

  // docs/product.md#behaviour: editing the e-mail after sending starts over; sending again works.
  await dialog.getByLabel('Email').fill(`${shopper.email}x`);
  await expect(dialog.getByRole('button', { name: 'Send OTP' })).toBeEnabled();
  await expect(dialog.getByLabel('OTP')).toBeHidden();
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByRole('button', { name: 'Sent' })).toBeVisible();

  await dialog.getByLabel('OTP').fill(await latestOtp(request, shopper.email));
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(dialog.getByRole('button', { name: 'Verified' })).toBeDisabled();
  await expect(dialog.getByRole('status')).toHaveText('OTP verified successfully!');
  await expect(dialog.getByLabel('Email')).toHaveAttribute('readonly', '');

  await fillSignupDetails(dialog, { ...shopper, password: 'silk' }, { mobile: true });
  // docs/product.md#signup-rules: the last name field refuses input containing @.
  await dialog.getByLabel('Last Name').fill('Rao@home');
  await expect(dialog.getByLabel('Last Name')).toHaveValue(shopper.lastName);
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  // Beside the field, which gets focus (docs/product.md#signup-rules).
  await expect(dialog.getByLabel('Password')).toHaveAccessibleDescription(
    'Password must be at least 6 characters long',
  );
  await expect(dialog.getByLabel('Password')).toBeFocused();

  await dialog.getByLabel('Password').fill(shopper.password);
  const releaseSignup = await holdRequests(page, '/api/auth/signup');
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  await expect(dialog.getByRole('button', { name: 'Signing up...' })).toBeDisabled();
  releaseSignup();

  // docs/product.md#behaviour: a reply with the user signs in at once.
  await expect(dialog).toBeHidden();
  await expect(accountMenu(page, 'Meera')).toBeVisible();
  const profile = await page.request.get('/api/auth/profile');
  expect(profile.status()).toBe(200);
  expect(await profile.json()).toMatchObject({
    email: shopper.email,
    phone: shopper.mobile,
    city: shopper.city,
  });
});

test('a visitor signs up by phone OTP; the account has no e-mail', async ({ page, request }) => {
  const shopper = aShopper({ firstName: 'Kabir' });
  await page.goto('/');
  await (await openLoginModal(page)).getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await dialog.getByRole('group', { name: 'Verify with' }).getByRole('button', { name: 'Phone' }).click();

  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Phone number is required');
  await dialog.getByLabel('Phone Number').fill('12345');
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Invalid phone number format. Please use +91XXXXXXXXXX or 10-digit number',
  );

  await dialog.getByLabel('Phone Number').fill(`+91${shopper.mobile}`);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await expect(dialog.getByRole('status')).toHaveText('OTP sent to your phone!');
  await dialog.getByLabel('OTP').fill(await latestOtp(request, shopper.mobile));
  const releaseVerify = await holdRequests(page, '/api/auth/verify-otp');
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(dialog.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
  releaseVerify();
  await expect(dialog.getByRole('button', { name: 'Verified' })).toBeVisible();

  // The phone method asks for no separate mobile number.
  await expect(dialog.getByLabel('Mobile Number')).toHaveCount(0);
  await fillSignupDetails(dialog, shopper, { mobile: false });
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  await expect(dialog).toBeHidden();
  await expect(accountMenu(page, 'Kabir')).toBeVisible();

  const profile = await (await page.request.get('/api/auth/profile')).json();
  expect(profile).toMatchObject({ phone: shopper.mobile, email: null });
});

test('a shopper logs out, then logs in by phone and by e-mail', async ({ page, server }) => {
  const shopper = await createSignedInShopper(
    page,
    server,
    aShopper({ firstName: 'Ishaan', phoneVerified: true }),
  );
  await page.goto('/');
  await expect(accountMenu(page, 'Ishaan')).toBeVisible();

  await logOutFromHeader(page, 'Ishaan');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
  expect((await page.request.get('/api/auth/profile')).status()).toBe(401);

  let dialog = await openLoginModal(page);
  await dialog.getByRole('group', { name: 'Login with' }).getByRole('button', { name: 'Phone' }).click();
  await dialog.getByLabel('Phone Number').fill('98765');
  await dialog.getByLabel('Password').fill(shopper.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Phone number must be exactly 10 digits (e.g., 1234567890)',
  );

  await dialog.getByLabel('Phone Number').fill(`0${shopper.mobile}`);
  const releaseLogin = await holdRequests(page, '/api/auth/login');
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  releaseLogin();
  await expect(dialog).toBeHidden();
  await expect(accountMenu(page, 'Ishaan')).toBeVisible();

  await logOutFromHeader(page, 'Ishaan');
  dialog = await openLoginModal(page);
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByLabel('Password').fill(shopper.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(accountMenu(page, 'Ishaan')).toBeVisible();

  // The session survives a reload.
  await page.reload();
  await expect(accountMenu(page, 'Ishaan')).toBeVisible();
});

test('a wrong password shows the server message and keeps the visitor logged out', async ({
  page,
  server,
}) => {
  const shopper = await createSignedInShopper(page, server);
  await page.request.post('/api/auth/logout', { headers: { 'X-Requested-With': 'fetch' } });
  await page.goto('/');
  const dialog = await openLoginModal(page);
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid email/phone or password');
  await expect(dialog.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();

  // docs/product.md#behaviour: switching views clears the error and resets the method to email.
  await dialog.getByRole('group', { name: 'Login with' }).getByRole('button', { name: 'Phone' }).click();
  await dialog.getByRole('button', { name: 'Sign Up' }).click();
  const signup = page.getByRole('dialog', { name: 'Sign Up' });
  await expect(signup.getByRole('alert')).toBeHidden();
  await signup.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    dialog.getByRole('group', { name: 'Login with' }).getByRole('button', { name: 'Email' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});

test('Google sign-in through the test chooser signs the shopper in; cancelling says so', async ({ page }) => {
  await page.goto('/');
  const dialog = await openLoginModal(page);

  const cancelled = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
  await (await cancelled).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Login cancelled. Please try again.');

  const unverified = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
  await (await unverified).getByRole('button', { name: /neha\.unverified@example\.com/ }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your Google account e-mail is not verified.');

  const chooser = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
  await (await chooser).getByRole('button', { name: /priya\.sharma@example\.com/ }).click();
  await expect(dialog).toBeHidden();
  await accountMenu(page, 'Priya').click();
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByText('priya.sharma@example.com'),
  ).toBeVisible();
});

test('/login?returnTo=/profile lands on the profile after logging in; other sites are not followed', async ({
  page,
  server,
}) => {
  const shopper = await createSignedInShopper(page, server, aShopper({ firstName: 'Tara' }));
  await page.request.post('/api/auth/logout', { headers: { 'X-Requested-With': 'fetch' } });

  await page.goto('/login?returnTo=%2Fprofile');
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toBeAttached();
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByLabel('Password').fill(shopper.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  await logOutFromHeader(page, 'Tara');
  await page.goto('/login?returnTo=%2F%2Fevil.example%2Fsteal');
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByLabel('Password').fill(shopper.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${new URL(page.url()).origin}/`);

  // Closing the modal on /login goes home.
  await logOutFromHeader(page, 'Tara');
  await page.goto('/login');
  await page.getByRole('dialog', { name: 'Login' }).getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the header greets by first name, else by name, and its menu shows the e-mail and the links', async ({
  page,
  server,
}) => {
  const shopper = await createSignedInShopper(page, server, aShopper({ firstName: 'Zoya' }));
  await page.goto('/');
  await accountMenu(page, 'Zoya').click();
  const menu = page.getByRole('navigation', { name: 'Account' });
  await expect(menu.getByText('Zoya', { exact: true })).toBeVisible();
  await expect(menu.getByText(shopper.email)).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
  await menu.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(menu).toBeHidden();

  // Without a first name the greeting falls back to 'User' (the name is empty too).
  const update = await page.request.put('/api/auth/profile', {
    headers: { 'X-Requested-With': 'fetch' },
    data: { firstName: '', lastName: '' },
  });
  expect(update.status()).toBe(200);
  await page.reload();
  await expect(accountMenu(page, 'User')).toBeVisible();
});

test('a stored user whose session is gone is signed out and sent home; a visitor is never redirected', async ({
  page,
}) => {
  const profileReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/profile')) profileReads.push(request.url());
  });
  await page.goto('/product/2');
  await expect(page.getByRole('heading', { level: 1, name: 'For Normal Skin' })).toBeVisible();
  // docs/architecture.md#signed-in-hint: a visitor (no stored user, no hint cookie) reads no profile, so
  // nothing answers 401 and nothing redirects.
  await page.waitForLoadState('networkidle');
  await afterTwoFrames(page);
  expect(profileReads).toEqual([]);
  await expect(page).toHaveURL(/\/product\/2$/);

  await page.evaluate(() =>
    window.localStorage.setItem(
      'user',
      JSON.stringify({ _id: 'gone', firstName: 'Ghost', email: 'g@example.in' }),
    ),
  );
  await page.goto('/product/3');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
});
