import type { Page } from '@playwright/test';
import { SIGNED_IN_HINT_COOKIE } from '../contracts/session-hint';
import { revokeAllSessionsOf } from '../server/modules/auth/sessions';
import { expect, test } from './fixtures';
import { accountMenu, addressLine, aShopper, createSignedInShopper } from './support/accounts';
import { watchFailures } from './support/catalogue-journeys';

// docs/architecture.md#signed-in-hint: a visitor's page asks nothing that fails; the hint cookie tells the
// page when a session may be there. A visitor's page is checked in e2e/home.spec.ts; the cookie's attributes in
// server/modules/auth/signed-in-hint.test.ts; the location modal's states in
// web/features/location/components/location-dialog.test.tsx.

test.use({ viewport: { width: 360, height: 740 } });

async function hintCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === SIGNED_IN_HINT_COOKIE);
}

test('a shopper signed in by cookie stays signed in across reloads and sees their location; a revoked session turns the page into a visitor’s; a login sets the hint and the logout clears it', async ({
  page,
  server,
}) => {
  // One journey does the work of several former tests: a busy machine needs more than 30 s for it.
  test.slow();
  const shopper = await createSignedInShopper(page, server, aShopper({ city: 'Jaipur', pincode: '302001' }));
  const watched = watchFailures(page);
  await page.goto('/');
  await expect(accountMenu(page, shopper.firstName)).toBeVisible();

  // Signed in again after a reload, from the cookie alone.
  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await expect(accountMenu(page, shopper.firstName)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(watched.failures).toEqual([]);

  // The location block shows city and pincode; its modal shows the address and leads to the profile.
  await page.getByRole('banner').getByRole('button', { name: 'Deliver to Jaipur, 302001' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose your location' });
  await expect(dialog.getByText(addressLine(shopper))).toBeVisible();
  await dialog.getByRole('button', { name: 'Update Address' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('City')).toHaveValue('Jaipur');
  await page.getByRole('link', { name: 'Ottoman Mittens, home' }).click();
  await expect(page.getByRole('region', { name: 'Our Mittens' }).getByRole('article')).toHaveCount(7);

  // A revoked session clears the hint quietly: the page turns into a visitor's.
  await revokeAllSessionsOf(server.db, shopper.user._id);
  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect.poll(() => hintCookie(page)).toBeUndefined();
  // The next load is a visitor's: it asks nothing.
  const visitor = watchFailures(page);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Our Mittens' }).getByRole('article')).toHaveCount(7);
  await page.waitForLoadState('networkidle');
  expect(visitor.failures).toEqual([]);

  // A login sets the hint and the logout clears it.
  const login = await page.request.post('/api/auth/login', {
    headers: { 'X-Requested-With': 'fetch' },
    data: { email: shopper.email, password: shopper.password },
  });
  expect(login.status()).toBe(200);
  expect((await hintCookie(page))?.httpOnly).toBe(false);
  await page.reload();
  await accountMenu(page, shopper.firstName).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect.poll(() => hintCookie(page)).toBeUndefined();
});
