import type { Page } from '@playwright/test';
import { accountBlockedMessage } from '../contracts/admin-customers';
import { STAFF_COOKIE } from '../server/plugins/staff-authentication';
import { createStaffMember } from '../server/test/staff-factory';
import { expect, type ShopServer, test } from './fixtures';
import { aShopper, createAccount, openLoginModal } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';

// docs/product.md#customers: an owner on a phone finds a shopper by e-mail, blocks them, and the shopper's
// next login is refused with the blocked message.

test.use({ viewport: phoneViewport });

/** An owner with a session past its second factor, put into the browser as the console's cookie. */
async function signInOwner(page: Page, server: ShopServer) {
  const owner = await createStaffMember(server.app, { role: 'owner', name: 'Meera Das' });
  await page
    .context()
    .addCookies([
      { name: STAFF_COOKIE, value: owner.token, url: server.url, httpOnly: true, sameSite: 'Strict' },
    ]);
}

test('an owner finds a shopper by e-mail, blocks them, and their login shows the blocked message', async ({
  page,
  server,
  browser,
}) => {
  const shopper = await createAccount(server, aShopper({ firstName: 'Kavya', lastName: 'Menon' }));
  const other = await createAccount(server, aShopper({ firstName: 'Rohan', lastName: 'Pillai' }));

  await signInOwner(page, server);
  await page.goto('/admin/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Customers' }).getByRole('listitem');
  await expect(cards.filter({ hasText: other.email })).toHaveCount(1);
  await expectNoAxeViolations(page);

  await page.getByLabel('Search').fill(shopper.email.toUpperCase());
  await page.getByRole('button', { name: 'Find customers' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/customers\\?q=${encodeURIComponent(shopper.email.toUpperCase())}$`),
  );
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(shopper.email);
  await expectNoAxeViolations(page);

  await cards.getByRole('link', { name: 'Kavya Menon' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kavya Menon' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText(`${shopper.email} (verified)`);
  await expect(page.getByRole('region', { name: 'Orders' })).toContainText('No orders yet.');
  // The factory's account has one session, as a signup leaves.
  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(devices).toContainText('IP address127.0.0.1');
  await expect(page.getByRole('region', { name: 'Access' })).toContainText('Not blocked');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Block' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block this customer' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason (optional)').fill('Repeated chargebacks');
  await expectNoAxeViolations(page, 'dialog[open]');
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'The customer is blocked' })).toHaveText(
    'The customer is blocked and signed out on every device.',
  );
  await expect(page.getByRole('region', { name: 'Access' })).toContainText('Reason: Repeated chargebacks');
  await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expect(devices).toContainText('Not signed in anywhere.');

  // The shopper, in a browser of their own, tries to log in with the right password.
  const shopperContext = await browser.newContext({ baseURL: server.url, viewport: phoneViewport });
  const shopperPage = await shopperContext.newPage();
  await shopperPage.goto('/');
  const login = await openLoginModal(shopperPage);
  await login.getByLabel('Email').fill(shopper.email);
  await login.getByLabel('Password').fill(shopper.password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(login.getByRole('alert')).toHaveText(accountBlockedMessage);
  await expect(
    shopperPage.getByRole('banner').getByRole('button', { name: 'Login', exact: true }),
  ).toBeVisible();
  await shopperContext.close();
});
