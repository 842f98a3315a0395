import { eq, sql } from 'drizzle-orm';
import { orders } from '../server/db/schema';
import { shippingDeps } from '../server/flows/deps';
import { requeueUnshippedOrders } from '../server/flows/fulfil-order';
import { runAdminCommand } from '../server/modules/staff/command-line';
import { jobQueues } from '../server/plugins/jobs';
import { readOutbox } from '../server/test/dev-outbox';
import { totpCodeAt } from '../server/test/staff-factory';
import { expect, type ShopServer, test } from './fixtures';
import { signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { signInAsNewOwner } from './support/console';
import { fillCart, orderOf, payForCart, pickupScheduled, shiprocketSimulatorOf } from './support/shop';

// The owner's journey on a phone: the first owner from the command, set-up with an authenticator (codes
// computed here), sign-in with password and code, a support member invited, the audit log read.

test.use({ viewport: phoneViewport });

test('an owner sets up the console, signs in with a code, invites support and reads the audit log', async ({
  page,
  server,
}) => {
  const ownerEmail = `owner${Date.now()}@example.in`;
  const password = 'saffron-loom-quilt-7';
  const output = await runAdminCommand(
    server.db,
    ['create-staff', '--email', ownerEmail, '--name', 'Asha Rao', '--role', 'owner'],
    server.url,
  );
  const setupLink = output.split('\n').at(-1) ?? '';
  expect(setupLink).toMatch(/\/admin\/setup\//);

  await page.goto(setupLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your console account' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel('Choose a password').fill(password);
  await page.getByLabel('The password again').fill(password);
  await page.getByLabel('6-digit code the app shows').fill(totpCodeAt(secret));
  await page.getByRole('button', { name: 'Finish set-up' }).click();
  await expect(
    page.getByText('Your account is ready. Keep your recovery codes somewhere safe.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('link', { name: 'Download the codes' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Go to sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('E-mail').fill(ownerEmail);
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Those sign-in details are not right. Please check them and try again.',
  );
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The set-up used this time step's code: a code is accepted once, so sign-in takes the next one.
  await page.getByLabel('6-digit code from your authenticator').fill(totpCodeAt(secret, 1));
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // docs/product.md#staff: the console opens on the dashboard, for an owner and for support.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Needs attention' })).toContainText(
    'Nothing needs attention.',
  );
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expect(page.getByRole('cell', { name: ownerEmail })).toBeVisible();
  await expectNoAxeViolations(page);

  const supportEmail = `support${Date.now()}@example.in`;
  await page.getByLabel('Name').fill('Sam Iyer');
  await page.getByLabel('E-mail').fill(supportEmail);
  await page.getByLabel('Role', { exact: true }).selectOption('support');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invitation sent.' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: supportEmail });
  await expect(row.getByRole('cell', { name: 'Invited' })).toBeVisible();
  const [invitation] = await readOutbox(page.request, supportEmail);
  expect(invitation?.body).toContain('Asha Rao has invited you to the Ottoman Mittens console as support.');
  expect(invitation?.body).toMatch(/\/admin\/setup\/[\w-]{43}/);

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const invitedRow = page
    .getByRole('row')
    .filter({ hasText: 'staff.create' })
    .filter({ hasText: supportEmail });
  await expect(invitedRow.getByRole('cell').nth(1)).toHaveText('Asha Rao');
  await expect(
    page.getByRole('row').filter({ hasText: 'staff.create' }).filter({ hasText: 'Command line' }),
  ).toContainText(ownerEmail);
  await expect(page.getByRole('row').filter({ hasText: 'staff.sign_in' })).toHaveCount(1);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
});

/** As when pg-boss gives the shipment job up after its retries (docs/product.md#needs-attention). */
async function shipmentJobGivesUp(server: ShopServer, orderId: string): Promise<void> {
  const jobStates = async () =>
    (
      (await server.db.execute(
        sql`select state from pgboss.job where name = ${jobQueues.createShipment} and data->>'orderId' = ${orderId}`,
      )) as unknown as { rows: { state: string }[] }
    ).rows.map((row) => row.state);
  await expect.poll(jobStates, { timeout: 20_000 }).toContain('retry');
  // Paid over 30 minutes ago: the sweep flags it while its job still retries, then the job is gone.
  await server.db
    .update(orders)
    .set({ paidAt: sql`now() - make_interval(mins => 31)` })
    .where(eq(orders.id, orderId));
  await requeueUnshippedOrders(shippingDeps(server.app));
  await server.db.execute(
    sql`delete from pgboss.job where name = ${jobQueues.createShipment} and data->>'orderId' = ${orderId}`,
  );
}

test('an owner finds a paid order by phone, refunds part of it, and retries a shipment the courier refused', async ({
  page,
  server,
  browser,
}) => {
  // The whole console journey with two paid orders and a courier outage: longer than one page's test.
  test.slow();
  const shopperContext = await browser.newContext({ baseURL: server.url, viewport: phoneViewport });
  const shopperPage = await shopperContext.newPage();
  const shopper = await signInBrowser(shopperPage, server);
  await fillCart(shopperPage.request, [{ id: 1, quantity: 1 }]);
  const paidOrderId = await payForCart(shopperPage);
  const paidOrder = await pickupScheduled(shopperPage.request, paidOrderId);

  await signInAsNewOwner(page, server);
  await expectNoAxeViolations(page);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByLabel('Search').fill(shopper.mobile);
  await page.getByRole('button', { name: 'Find orders' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${shopper.mobile}$`));
  const cards = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expectNoAxeViolations(page);

  await expect(page.getByRole('button', { name: 'Find orders' })).toBeFocused();
  // The query keeps the search: the order page's Back returns to the same list.
  await cards.getByRole('link', { name: `Order ${paidOrder.orderNumber}` }).click();
  await page.goBack();
  await expect(page.getByLabel('Search')).toHaveValue(shopper.mobile);
  await expect(cards).toHaveCount(1);
  await page.getByLabel('Search').fill('');
  await page.getByRole('button', { name: 'Find orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await page.goBack();
  await expect(page.getByLabel('Search')).toHaveValue(shopper.mobile);
  await cards.getByRole('link', { name: `Order ${paidOrder.orderNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${paidOrder.orderNumber}` })).toBeVisible();
  const timeline = page.getByRole('table', { name: 'Timeline, oldest first' });
  await expect(timeline.getByRole('row').nth(1)).toContainText('Order placed');
  await expect(timeline.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(
    /^\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm) IST$/,
  );
  await expect(timeline).toContainText('Payment pay_');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Refund part' }).click();
  const refundDialog = page.getByRole('dialog', { name: 'Refund part of this order' });
  await expect(refundDialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectNoAxeViolations(page, 'dialog[open]');
  await refundDialog.getByLabel('Amount in rupees').fill('100');
  await refundDialog.getByRole('button', { name: 'Refund' }).click();
  await expect(refundDialog.getByText('Please give a reason for the refund.')).toBeVisible();
  await refundDialog.getByLabel('Reason').fill('One mitten arrived torn');
  await refundDialog.getByRole('button', { name: 'Refund' }).dblclick();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: "₹100.00 is being refunded to the shopper's original payment method." }),
  ).toBeVisible();
  await expect(refundDialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Refund part' })).toBeFocused();
  await expect(page.getByRole('list', { name: 'Refunds' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Refunds' })).toContainText('Refund ₹100.00');

  await expect
    .poll(async () => (await orderOf(shopperPage.request, paidOrderId)).refundedPaise, { timeout: 20_000 })
    .toBe(10_000);
  await shopperPage.goto('/orders');
  const card = shopperPage.getByRole('article', { name: `Order ${paidOrder.orderNumber}` });
  await expect(card.locator('header').getByText('Partly refunded', { exact: true })).toBeVisible();
  await expect(card.getByText('Refunded ₹100.00', { exact: true })).toBeVisible();

  const simulator = shiprocketSimulatorOf(server);
  simulator.failApi('server_error');
  let stuckOrderId: string;
  try {
    await fillCart(shopperPage.request, [{ id: 1, quantity: 1 }]);
    stuckOrderId = await payForCart(shopperPage);
    await shipmentJobGivesUp(server, stuckOrderId);
  } finally {
    simulator.restoreApi();
  }
  const stuckOrder = await orderOf(shopperPage.request, stuckOrderId);

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Dashboard' }).click();
  const attention = page.getByRole('region', { name: 'Needs attention' });
  const flagged = attention.getByRole('listitem').filter({ hasText: `Order ${stuckOrder.orderNumber}` });
  await expect(flagged).toContainText('Paid over 30 minutes ago and its pickup is still not booked.');
  await expect(flagged).toContainText(/Since \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm) IST/);
  await expect(page.getByRole('region', { name: 'Today' })).toBeVisible();
  await expectNoAxeViolations(page);

  await flagged.getByRole('link', { name: `Order ${stuckOrder.orderNumber}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Order ${stuckOrder.orderNumber}` }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Open flags' })).toContainText(
    'Paid over 30 minutes ago and its pickup is still not booked.',
  );
  await page.getByRole('button', { name: 'Retry shipment' }).click();
  const retryDialog = page.getByRole('dialog', { name: 'Retry the shipment booking' });
  await expect(retryDialog).toBeVisible();
  await expectNoAxeViolations(page, 'dialog[open]');
  await retryDialog.getByRole('button', { name: 'Retry shipment' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The shipment booking will be tried again in a moment.' }),
  ).toBeVisible();
  await pickupScheduled(shopperPage.request, stuckOrderId);
  await shopperContext.close();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Shipment' })).toContainText('Pickup scheduled');
  await expect(page.getByRole('region', { name: 'Open flags' })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(
    attention.getByRole('listitem').filter({ hasText: `Order ${stuckOrder.orderNumber}` }),
  ).toHaveCount(0);

  for (const [button, dialogName] of [
    ['Cancel and refund in full', 'Cancel this order'],
    ['Resend an e-mail', 'Resend an e-mail'],
    ['Add a note', 'Add a note'],
  ] as const) {
    await page.goto(`/admin/orders/${stuckOrderId}`);
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('dialog', { name: dialogName })).toBeVisible();
    await expectNoAxeViolations(page, 'dialog[open]');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: button })).toBeFocused();
  }

  // A note pressed twice is added once (the dialog's Idempotency-Key).
  await page.getByRole('button', { name: 'Add a note' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'Add a note' });
  await noteDialog.getByLabel('Note (only staff see it)').fill('Shopper asked to leave it with the guard.');
  await noteDialog.getByRole('button', { name: 'Add note' }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: 'Note added.' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Notes' }).getByText('Shopper asked to leave it with the guard.'),
  ).toHaveCount(1);
});
