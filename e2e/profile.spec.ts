import { expect, test } from './fixtures';
import { aShopper, createSignedInShopper, latestOtp } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';

// docs/product.md#screens Profile, through the real server. The page's states (Cancel, a refused save, the
// message's 2000 ms, a visitor, the page's Logout, a number that is no mobile) are web/app/routes/profile.test.tsx.

test.use({ viewport: phoneViewport });

test('a shopper moves house and proves a new phone by OTP; the header follows and the new number signs in', async ({
  page,
  server,
}) => {
  const shopper = await createSignedInShopper(
    page,
    server,
    aShopper({ firstName: 'Asha', lastName: 'Verma' }),
  );
  const newMobile = aShopper().mobile;
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  // docs/product.md#screens: the avatar shows the uppercase initials of first and last name.
  await expect(page.getByText('AV', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByLabel('City')).toHaveValue('Pune');
  await expect(page.getByLabel('City')).toHaveAttribute('readonly', '');

  // docs/product.md#one-step-sign-in: the e-mail signup's mobile is not verified, its OTP one tap away.
  const waysToLogIn = page.getByRole('region', { name: 'Ways to log in' });
  await expect(waysToLogIn).toContainText('not verified: verify to log in with it.');

  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Email')).toBeDisabled();
  const profileForm = page.getByRole('form');
  await page.getByLabel('City').fill('Mumbai');
  await page.getByLabel('Pincode').fill('400001');
  await page.getByLabel('Phone').fill(`+91 ${newMobile}`);
  await profileForm.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'OTP sent to your phone!' })).toBeVisible();
  await expect(profileForm.getByLabel('OTP')).toBeVisible();
  await expectNoAxeViolations(page);
  await profileForm.getByLabel('OTP').fill(await latestOtp(page.request, newMobile));
  await profileForm.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByRole('button', { name: 'Verified' })).toBeDisabled();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByLabel('City')).toHaveAttribute('readonly', '');
  // The new number is verified: nothing is left to add.
  await expect(waysToLogIn).toBeHidden();
  // The header's location follows the saved profile.
  await expect(page.getByRole('banner').getByText('Mumbai, 400001')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Mumbai');
  await expect(page.getByLabel('Pincode')).toHaveValue('400001');
  await expect(page.getByLabel('Phone')).toHaveValue(newMobile);
  const login = await page.request.post('/api/auth/login', {
    data: { mobile: newMobile, password: shopper.password },
  });
  expect(login.status()).toBe(200);
  expect((await login.json()).user._id).toBe(shopper.user._id);
});
