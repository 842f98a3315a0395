import { contactMessages } from '../server/db/schema';
import { readOutbox } from '../server/test/dev-outbox';
import { expect, test } from './fixtures';
import { aShopper, createAccount, signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { openConsolePage, shipmentJobGivesUp, signInOwnerByCookie } from './support/console-journeys';
import { paidOrderOf } from './support/orders-journey';
import { orderOf, pickupScheduled, shiprocketSimulatorOf } from './support/shop';

// The owner's support work on a phone, signed in by cookie (the set-up and sign-in have their own journey in
// compiled-server.spec.ts): a message from the contact form answered, a paid order found by phone and partly
// refunded, a shipment the courier refused retried, and a shopper blocked (docs/product.md#staff). The
// dialogs' and forms' states are component tests beside their components.

test.use({ viewport: phoneViewport });

test('an owner answers a message, refunds part of an order, retries a refused shipment and blocks a shopper', async ({
  page,
  context,
  server,
  browser,
}) => {
  // What three journeys did, with a courier outage, a dozen axe checks and jobs waited on: six times one
  // page's 30 s.
  test.setTimeout(180_000);
  const sender = `kochi${Date.now()}@example.in`;
  await server.db
    .insert(contactMessages)
    .values({ name: 'Meera Iyer', email: sender, message: 'Do you ship to Kochi?\nThanks!' });
  const blocked = await createAccount(server, aShopper({ firstName: 'Kavya', lastName: 'Menon' }));
  const other = await createAccount(server, aShopper({ firstName: 'Rohan', lastName: 'Pillai' }));
  const shopperContext = await browser.newContext({ baseURL: server.url, viewport: phoneViewport });
  const shopperPage = await shopperContext.newPage();
  const shopper = await signInBrowser(shopperPage, server);
  const paidOrderId = await paidOrderOf(shopperPage.request, server, [{ id: 1, quantity: 1 }]);
  const paidOrder = await pickupScheduled(shopperPage.request, paidOrderId);
  await signInOwnerByCookie(context, server, 'Asha Rao');

  // docs/product.md#contact-inbox: the dashboard's Inbox card leads to the new messages.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const inboxCard = page.getByRole('region', { name: 'Inbox' });
  await expect(inboxCard.getByRole('link', { name: /^\d+ new messages?$/ })).toBeVisible();
  await inboxCard.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/messages\?status=new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Filter by status' }).getByRole('link', { name: /^New/ }),
  ).toHaveAttribute('aria-current', 'page');
  const messageCard = page
    .getByRole('list', { name: 'Messages' })
    .getByRole('listitem')
    .filter({ hasText: sender });
  await expect(messageCard).toContainText('Do you ship to Kochi? Thanks!');
  await expectNoAxeViolations(page);

  await messageCard.getByRole('link', { name: `Meera Iyer <${sender}>` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Message from Meera Iyer' })).toBeVisible();
  await expect(page.getByText('None with this e-mail')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Your reply (e-mailed to the sender)').fill('Yes, we ship to Kochi in 3 to 5 days.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.locator('.admin-toast')).toHaveText('Reply sent.');
  await expect(page.getByLabel('Your reply (e-mailed to the sender)')).toHaveValue('');
  const thread = page.getByRole('list', { name: 'Thread, oldest first' });
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  await expect(thread.getByRole('listitem').nth(1)).toContainText('Asha Rao replied on');
  await expect(thread.getByRole('listitem').nth(1)).toContainText('Yes, we ship to Kochi in 3 to 5 days.');
  await expect(page.getByRole('definition').filter({ hasText: 'Replied' })).toBeVisible();
  await expectNoAxeViolations(page);
  // The job e-mails it to the sender.
  await expect
    .poll(async () => (await readOutbox(page.request, sender)).map((mail) => mail.subject))
    .toEqual(['Re: your message to Ottoman Mittens']);
  const [mail] = await readOutbox(page.request, sender);
  expect(mail?.body).toContain('Yes, we ship to Kochi in 3 to 5 days.');
  expect(mail?.body).toContain('> Do you ship to Kochi?');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('.admin-toast')).toHaveText('Message closed.');
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  await page
    .getByRole('navigation', { name: 'Filter by status' })
    .getByRole('link', { name: 'Closed' })
    .click();
  await expect(page).toHaveURL(/\/admin\/messages\?status=closed$/);
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText(sender);

  // A paid order found by the shopper's phone number.
  await openConsolePage(page, 'Orders');
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

  // The dialog's refusals are order-actions.test.tsx's; here focus, the double press and the shopper's view.
  await page.getByRole('button', { name: 'Refund part' }).click();
  const refundDialog = page.getByRole('dialog', { name: 'Refund part of this order' });
  await expect(refundDialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectNoAxeViolations(page, 'dialog[open]');
  await refundDialog.getByLabel('Amount in rupees').fill('100');
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
  const shopperCard = shopperPage.getByRole('article', { name: `Order ${paidOrder.orderNumber}` });
  await expect(shopperCard.locator('header').getByText('Partly refunded', { exact: true })).toBeVisible();
  await expect(shopperCard.getByText('Refunded ₹100.00', { exact: true })).toBeVisible();

  // A second order whose pickup the courier refuses to book.
  const simulator = shiprocketSimulatorOf(server);
  simulator.failApi('server_error');
  let stuckOrderId: string;
  try {
    stuckOrderId = await paidOrderOf(shopperPage.request, server, [{ id: 1, quantity: 1 }]);
    await shipmentJobGivesUp(server, stuckOrderId);
  } finally {
    simulator.restoreApi();
  }
  const stuckOrder = await orderOf(shopperPage.request, stuckOrderId);
  await openConsolePage(page, 'Dashboard');
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

  // Every dialog of the order page: labelled, free of axe violations, and Escape gives focus back.
  for (const [button, dialogName] of [
    ['Cancel and refund in full', 'Cancel this order'],
    ['Resend a message', 'Resend a message'],
    ['Add a note', 'Add a note'],
  ] as const) {
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
  await openConsolePage(page, 'Dashboard');
  await expect(
    attention.getByRole('listitem').filter({ hasText: `Order ${stuckOrder.orderNumber}` }),
  ).toHaveCount(0);

  // docs/product.md#customers: a shopper found by e-mail, in any case, and blocked. The blocked shopper's
  // login is refused by the API (admin-customers.test.ts) and shown by the login form (blocked-login.test.tsx).
  await openConsolePage(page, 'Customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  const customers = page.getByRole('list', { name: 'Customers' }).getByRole('listitem');
  await expect(customers.filter({ hasText: other.email })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.getByLabel('Search').fill(blocked.email.toUpperCase());
  await page.getByRole('button', { name: 'Find customers' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/customers\\?q=${encodeURIComponent(blocked.email.toUpperCase())}$`),
  );
  await expect(customers).toHaveCount(1);
  await expect(customers).toContainText(blocked.email);
  await expectNoAxeViolations(page);
  await customers.getByRole('link', { name: 'Kavya Menon' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kavya Menon' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText(`${blocked.email} (verified)`);
  await expect(page.getByRole('region', { name: 'Orders' })).toContainText('No orders yet.');
  // The factory's account has one session, as a signup leaves.
  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(devices).toContainText('IP address127.0.0.1');
  await expect(page.getByRole('region', { name: 'Access' })).toContainText('Not blocked');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Block' }).click();
  const blockDialog = page.getByRole('dialog', { name: 'Block this customer' });
  await expect(blockDialog).toBeVisible();
  await blockDialog.getByLabel('Reason (optional)').fill('Repeated chargebacks');
  await expectNoAxeViolations(page, 'dialog[open]');
  await blockDialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(blockDialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'The customer is blocked' })).toHaveText(
    'The customer is blocked and signed out on every device.',
  );
  await expect(page.getByRole('region', { name: 'Access' })).toContainText('Reason: Repeated chargebacks');
  await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await expect(devices).toContainText('Not signed in anywhere.');
});
