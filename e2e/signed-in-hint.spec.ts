import type { Page } from '@playwright/test';
import { SIGNED_IN_HINT_COOKIE } from '../contracts/session-hint';
import { revokeAllSessionsOf } from '../server/modules/auth/sessions';
import { expect, test } from './fixtures';
import { accountMenu, createAccount, createSignedInShopper } from './support/accounts';

// docs/architecture.md#signed-in-hint: a visitor's page asks nothing that fails; the hint cookie tells the
// page when a session may be there.

test.use({ viewport: { width: 360, height: 740 } });

/** Every response answered 4xx/5xx and every console error the page shows from now on. */
function watchFailures(page: Page): { failures: string[] } {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  return { failures };
}

async function hintCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === SIGNED_IN_HINT_COOKIE);
}

test("a visitor's home page makes no request that fails and logs no error", async ({ page }) => {
  const watched = watchFailures(page);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Our Mittens' }).getByRole('article')).toHaveCount(7);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  // The sections that load on approach (the contact form) too.
  await page.keyboard.press('End');
  await page.waitForLoadState('networkidle');
  expect(watched.failures).toEqual([]);
  expect(await hintCookie(page)).toBeUndefined();
});

test('a signed-in shopper is signed in again after a reload, from the cookie alone', async ({
  page,
  server,
}) => {
  const shopper = await createSignedInShopper(page, server);
  const watched = watchFailures(page);
  await page.goto('/');
  await expect(accountMenu(page, shopper.firstName)).toBeVisible();
  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await expect(accountMenu(page, shopper.firstName)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(watched.failures).toEqual([]);
});

test('a login sets the hint and the logout clears it', async ({ page, server }) => {
  const shopper = await createAccount(server);
  await page.goto('/');
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

test('a revoked session clears the hint quietly: the page turns into a visitor’s', async ({
  page,
  server,
}) => {
  const shopper = await createSignedInShopper(page, server);
  await page.goto('/');
  await expect(accountMenu(page, shopper.firstName)).toBeVisible();
  await revokeAllSessionsOf(server.db, shopper.user._id);
  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect.poll(() => hintCookie(page)).toBeUndefined();
  // The next load is a visitor's: it asks nothing.
  const watched = watchFailures(page);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Our Mittens' }).getByRole('article')).toHaveCount(7);
  await page.waitForLoadState('networkidle');
  expect(watched.failures).toEqual([]);
});
