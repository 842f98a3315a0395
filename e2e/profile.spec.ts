import { expect, test } from './fixtures';
import { aShopper, createSignedInShopper, latestOtp } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';

test('a shopper edits the profile, sees the success message, and the change after a reload', async ({
  page,
  server,
}) => {
  const shopper = await createSignedInShopper(
    page,
    server,
    aShopper({ firstName: 'Asha', lastName: 'Verma' }),
  );
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  // docs/product.md#screens: the avatar shows the uppercase initials of first and last name.
  await expect(page.getByText('AV', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByLabel('City')).toHaveValue('Pune');
  await expect(page.getByLabel('City')).toHaveAttribute('readonly', '');

  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Email')).toBeDisabled();
  await page.getByLabel('City').fill('Mumbai');
  await page.getByLabel('Pincode').fill('400001');
  await page.getByRole('button', { name: 'Save' }).click();

  const saved = page.getByRole('status').filter({ hasText: 'Profile updated successfully!' });
  await expect(saved).toHaveText('Profile updated successfully!');
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByLabel('City')).toHaveAttribute('readonly', '');
  // docs/product.md#numbers-and-timings: the message goes after 2000 ms.
  await expect(saved).toBeHidden({ timeout: 4000 });
  // The header's location follows the saved profile.
  await expect(page.getByRole('banner').getByText('Mumbai, 400001')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Mumbai');
  await expect(page.getByLabel('Pincode')).toHaveValue('400001');
});

test('Cancel discards the edits; a refused save shows why', async ({ page, server }) => {
  await createSignedInShopper(page, server);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('State').fill('Goa');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('State')).toHaveValue('Maharashtra');
  await expect(page.getByRole('button', { name: 'Save' })).toBeHidden();

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Pincode').fill('4110');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Failed to update profile: Pincode must be at least 6 characters long',
  );
  await page.reload();
  await expect(page.getByLabel('Pincode')).toHaveValue('411001');
});

test('a visitor is asked to log in; the profile page logout goes to /login', async ({ page, server }) => {
  await page.goto('/profile');
  await expect(page.getByText('Please log in to view this page.')).toBeVisible();

  await createSignedInShopper(page, server, aShopper({ firstName: 'Dev' }));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  expect((await page.request.get('/api/auth/profile')).status()).toBe(401);
});

test('a new phone is saved only after an OTP to it, and then signs in', async ({ page, server }) => {
  await page.setViewportSize(phoneViewport);
  const shopper = await createSignedInShopper(page, server);
  const newMobile = aShopper().mobile;
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  // An unchanged phone asks for no OTP.
  await expect(page.getByRole('button', { name: 'Send OTP' })).toHaveCount(0);

  // docs/product.md#phone-and-email: a number that is no mobile is refused before any SMS.
  await page.getByLabel('Phone').fill('9999999999');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Please enter a valid Indian mobile number: 10 digits starting with 6, 7, 8 or 9.',
  );

  await page.getByLabel('Phone').fill(`+91 ${newMobile}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Failed to update profile: Please verify the new phone number with an OTP before saving it.',
  );
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription(
    'Please verify the new phone number with an OTP before saving it.',
  );

  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'OTP sent to your phone!' })).toBeVisible();
  await expect(page.getByLabel('OTP')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('OTP').fill(await latestOtp(page.request, newMobile));
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByRole('button', { name: 'Verified' })).toBeDisabled();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully!' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue(newMobile);
  const login = await page.request.post('/api/auth/login', {
    data: { mobile: newMobile, password: shopper.password },
  });
  expect(login.status()).toBe(200);
  expect((await login.json()).user._id).toBe(shopper.user._id);
});
