import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { arrivalText, promiseFactsOf } from '../contracts/delivery';
import type { Order } from '../contracts/orders';
import { readOutbox } from '../server/test/dev-outbox';
import { expect, test } from './fixtures';
import { signInBrowser, type TestShopper } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { paidOrderOf } from './support/orders-journey';
import { detail, orderOf, pickupScheduled, shiprocketSimulatorOf } from './support/shop';

// Issue 6's browser journey: My Orders with every panel, Refresh and the tracking modal as the simulated parcel
// moves, the tax invoice's download (docs/product.md#gst-invoices), cancelling with a refund, the order
// e-mails, and the cancelled order's e-mail link opening its own page, 'Order Cancelled'
// (docs/product.md#the-order-page), with a path no route answers a 404. The order page's states are
// component tests: web/app/routes/order.test.tsx. The page's and the card's other states (a visitor, no orders, a refused cancel, Shiprocket down, the
// tracking modal's error, no shipment yet) are component tests: web/app/routes/orders.test.tsx; the success
// page's shipment block: web/app/routes/payment-success.test.tsx.

// docs/product.md#order-statuses colours, as the browser computes them.
const dotColours = {
  processing: 'rgb(0, 128, 128)', // teal
  shipped: 'rgb(255, 140, 0)', // dark orange
  cancelled: 'rgb(198, 40, 40)', // red
};

/** The subjects of the e-mails the shop sent the shopper, newest first. */
async function emailSubjects(request: APIRequestContext, shopper: TestShopper): Promise<string[]> {
  const messages = await readOutbox(request, shopper.email);
  return messages.flatMap((message) => (message.subject ? [message.subject] : []));
}

function shipmentIdOf(order: Order): number {
  const id = Number(order.shipment?.shiprocketShipmentId);
  expect(Number.isSafeInteger(id)).toBe(true);
  return id;
}

function orderCard(page: Page, order: Order): Locator {
  return page.getByRole('article', { name: `Order ${order.orderNumber}` });
}

/** How the shopper's browser writes a date with its time (docs/product.md#screens: en-IN long date with time). */
function enInDate(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (value) =>
      new Date(value).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' }),
    iso,
  );
}

test('follow a parcel on My Orders with Refresh and Track, download its invoice, and cancel another order before pickup with a refund', async ({
  page,
  server,
}) => {
  test.slow();
  await page.setViewportSize(phoneViewport);
  const simulator = shiprocketSimulatorOf(server);
  const shopper = await signInBrowser(page, server);
  // 2 Luxury Mitt Black at ₹599: ₹1,198, shipping FREE (docs/product.md#money).
  const orderId = await paidOrderOf(page.request, server, [{ id: 7, quantity: 2 }]);

  // The shipment job books the parcel with the courier's quoted delivery day; its first scan brings the edd.
  const booked = await pickupScheduled(page.request, orderId);
  expect(booked.shipment?.estimatedDelivery).toEqual(expect.any(String));
  expect(simulator.advance(shipmentIdOf(booked))).toHaveLength(1);
  await simulator.webhooks.settled();
  await expect
    .poll(async () => (await orderOf(page.request, orderId)).shipment?.estimatedDelivery)
    .not.toBe(booked.shipment?.estimatedDelivery);
  const order = await orderOf(page.request, orderId);
  const shipment = order.shipment;
  if (!shipment?.courierName || !shipment.trackingNumber || !shipment.estimatedDelivery) {
    throw new Error(`the shipment job left the order without a courier: ${JSON.stringify(shipment)}`);
  }
  // docs/product.md#delivery-date: the courier's day, as a day.
  const arrival = arrivalText({ ...promiseFactsOf(order), courierEstimate: shipment.estimatedDelivery });

  // My Orders: every field of the card (docs/product.md#screens), the amount in rupees to two decimals (docs/product.md#amount-display).
  const firstLoad = page.waitForResponse((response) =>
    response.url().endsWith(`/api/orders/shipment-updates/${orderId}`),
  );
  await page.goto('/orders');
  // docs/product.md#behaviour Orders page: the shipping updates are fetched once on first load.
  expect((await firstLoad).status()).toBe(200);
  const card = orderCard(page, order);
  await expect(card.getByText(`Placed on ${await enInDate(page, order.createdAt)}`)).toBeVisible();
  await expect(card.getByText(`Payment ID: ${order.paymentId}`)).toBeVisible();
  await expect(card.locator('.order-card__amount')).toHaveText('₹1,198.00');
  await expect(card.locator('.order-card__paid')).toHaveText('Paid');
  await expect(card.locator('.order-status')).toHaveText('Processing');
  await expect(card.locator('.order-status__dot')).toHaveCSS('background-color', dotColours.processing);

  const shipping = card.getByRole('region', { name: 'Shipping Information' });
  await expect(detail(shipping, 'Courier')).toHaveText(shipment.courierName);
  await expect(detail(shipping, 'Tracking number')).toHaveText(shipment.trackingNumber);
  await expect(detail(shipping, 'Tracking status')).toHaveText('OUT FOR PICKUP');
  await expect(detail(shipping, 'Estimated delivery')).toHaveText(arrival);

  const payment = card.getByRole('region', { name: 'Payment Information' });
  await expect(detail(payment, 'Payment method')).toHaveText('Online');
  await expect(detail(payment, 'Payment status')).toHaveText('Paid');
  await expect(detail(payment, 'Subtotal')).toHaveText('₹1,198.00');
  await expect(detail(payment, 'Shipping')).toHaveText('FREE');
  await expect(detail(payment, 'Total')).toHaveText('₹1,198.00');

  const address = card.getByRole('region', { name: 'Delivery Address' });
  await expect(address).toContainText(`${shopper.firstName} ${shopper.lastName}`);
  await expect(address).toContainText('12 Silk Lane, Koregaon Park');
  await expect(address).toContainText(`${shopper.city}, Maharashtra, ${shopper.pincode}`);

  const items = card.getByRole('region', { name: 'Items Ordered' });
  const item = items.getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item.getByText('Luxury Mitt Black', { exact: true })).toBeVisible();
  await expect(item.getByText('Qty: 2', { exact: true })).toBeVisible();
  await expect(item.getByText('Price: ₹599.00', { exact: true })).toBeVisible();
  await expect(item.getByText(`SKU: ${order.items[0]?.sku}`, { exact: true })).toBeVisible();
  await expect(item.getByText(order.items[0]?.description ?? '', { exact: true })).toBeVisible();
  await expect(item.getByRole('link', { name: 'Luxury Mitt Black' })).toHaveAttribute('href', '/product/7');

  // The parcel is picked up while the page is open; the courier's webhooks are held back, so only
  // Refresh (asking Shiprocket) can tell.
  simulator.webhooks.hold();
  try {
    expect(simulator.advance(shipmentIdOf(order))).toHaveLength(1);
    await expect(card.locator('.order-status')).toHaveText('Processing');
    const refresh = shipping.getByRole('button', { name: 'Refresh' });
    const refreshed = page.waitForResponse((response) =>
      response.url().endsWith(`/api/orders/refresh-tracking/${orderId}`),
    );
    await refresh.click();
    expect((await refreshed).status()).toBe(200);
    await expect(detail(shipping, 'Tracking status')).toHaveText('PICKED UP');
    await expect(card.locator('.order-status')).toHaveText('Shipped');
    await expect(card.locator('.order-status__dot')).toHaveCSS('background-color', dotColours.shipped);
    await expect(shipping.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    // Picked up: too late to cancel.
    await expect(card.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  } finally {
    simulator.webhooks.release();
  }

  // The tracking modal (docs/product.md#screens): the scan timeline, newest first.
  const track = card.getByRole('button', { name: 'Track', exact: true });
  await track.click();
  const modal = page.getByRole('dialog', { name: `Track Order ${order.orderNumber}` });
  await expect(modal).toBeVisible();
  const scans = modal.getByRole('list', { name: 'Tracking updates' }).getByRole('listitem');
  await expect(scans.first()).toContainText('Picked up');
  await expect(scans.first()).toContainText('In Transit - Shipment picked up');
  await expect(scans.nth(1)).toContainText('Out for pickup');
  await expect(detail(modal, 'Courier')).toHaveText(shipment.courierName);
  // An accessible modal: tabbing never reaches the page behind it (past its last control focus goes to the
  // browser's own UI, then back in), Escape closes it and focus returns to Track.
  const focusWhere = () =>
    modal.evaluate((dialog) =>
      dialog.contains(document.activeElement)
        ? 'dialog'
        : document.activeElement === document.body || document.activeElement === null
          ? 'browser'
          : 'page',
    );
  const visits: string[] = [await focusWhere()];
  for (let press = 0; press < 6; press++) {
    await page.keyboard.press('Tab');
    visits.push(await focusWhere());
  }
  expect(visits).not.toContain('page');
  expect(visits[0]).toBe('dialog');
  // Having left for the browser's UI, focus comes back into the dialog.
  expect(visits.slice(Math.max(visits.indexOf('browser'), 0))).toContain('dialog');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(track).toBeFocused();

  // docs/product.md#gst-invoices: the paid order's tax invoice, downloaded from its card.
  const invoiceLink = card.getByRole('link', { name: /^Download invoice INV\/\d{4}\/\d{6}$/ });
  await expect(invoiceLink).toBeVisible();
  await expectNoAxeViolations(page);
  const downloading = page.waitForEvent('download');
  await invoiceLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Cancelling another order before pickup (docs/product.md#cancellation).
  // One Face Mitt: ₹239 + ₹100 shipping = ₹339.
  const toCancelId = await paidOrderOf(page.request, server, [{ id: 1, quantity: 1 }]);
  const toCancel = await pickupScheduled(page.request, toCancelId);
  await page.reload();
  const cancelCard = orderCard(page, toCancel);
  await expect(cancelCard.locator('.order-status')).toHaveText('Processing');
  // Two cards: each panel is named after its order too, so no two landmarks share a name (landmark-unique).
  await expectNoAxeViolations(page);

  // The confirmation can be declined.
  await cancelCard.getByRole('button', { name: 'Cancel Order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel Order' });
  await expect(confirm).toContainText(`Cancel order ${toCancel.orderNumber}?`);
  await expect(confirm).toContainText('₹339.00');
  await confirm.getByRole('button', { name: 'Keep Order' }).click();
  await expect(confirm).toBeHidden();
  expect((await orderOf(page.request, toCancelId)).status).toBe('processing');

  await cancelCard.getByRole('button', { name: 'Cancel Order' }).click();
  const cancelled = page.waitForResponse((response) =>
    response.url().endsWith(`/api/orders/cancel/${toCancelId}`),
  );
  await confirm.getByRole('button', { name: 'Yes, Cancel Order' }).click();
  const reply = await cancelled;
  expect(reply.status()).toBe(200);
  const { message } = (await reply.json()) as { message: string };
  await expect(confirm).toBeHidden();
  await expect(cancelCard.getByRole('status').filter({ hasText: message })).toBeVisible();

  await expect(cancelCard.locator('.order-status')).toHaveText('Cancelled');
  await expect(cancelCard.locator('.order-status__dot')).toHaveCSS('background-color', dotColours.cancelled);
  await expect(cancelCard.locator('.order-card__paid')).toHaveText('Refunded');
  await expect(cancelCard.getByText('Refunded ₹339.00', { exact: true })).toBeVisible();
  const refundPayment = cancelCard.getByRole('region', { name: 'Payment Information' });
  await expect(detail(refundPayment, 'Refund status')).toHaveText('Refund processed');
  await expect(detail(refundPayment, 'Refunded')).toHaveText('₹339.00');
  await expect(cancelCard.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);

  // The server agrees, after a reload too.
  expect(await orderOf(page.request, toCancelId)).toMatchObject({
    status: 'cancelled',
    paymentStatus: 'refunded',
    refundedPaise: 339_00,
    refundStatus: 'processed',
  });
  await page.reload();
  await expect(orderCard(page, toCancel).locator('.order-status')).toHaveText('Cancelled');

  // The e-mails of the journey, in the dev outbox.
  await expect
    .poll(() => emailSubjects(page.request, shopper))
    .toEqual(
      expect.arrayContaining([
        `Your order ${order.orderNumber} is confirmed`,
        `Your order ${order.orderNumber} is on its way`,
        `Your order ${toCancel.orderNumber} is confirmed`,
        `Your order ${toCancel.orderNumber} is cancelled`,
        `Your refund for order ${toCancel.orderNumber} is processed`,
      ]),
    );

  // docs/product.md#the-order-page: the confirmation e-mail's link opens the order itself, which now says it is
  // cancelled and refunded; never "Payment Successful!".
  const confirmation = (await readOutbox(page.request, shopper.email)).find(
    (mail) => mail.subject === `Your order ${toCancel.orderNumber} is confirmed`,
  );
  const link = confirmation?.body.match(/See your order: (\S+)/)?.[1];
  if (!confirmation?.html || !link) throw new Error('the confirmation e-mail has no link to the order');
  expect(confirmation.html).toContain(`href="${link}"`);
  const { pathname, search } = new URL(link);
  expect(pathname).toBe(`/orders/${toCancelId}`);
  await page.goto(pathname + search);
  await expect(page.getByRole('heading', { level: 1, name: 'Order Cancelled' })).toBeVisible();
  await expect(page.getByText('This order was cancelled. ₹339.00 has been refunded')).toBeVisible();
  await expect(orderCard(page, toCancel).locator('.order-status')).toHaveText('Cancelled');
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The e-mail itself, as a phone's mail app shows it (docs/product.md#order-messages).
  await page.setContent(confirmation.html);
  await expectNoAxeViolations(page);

  // docs/architecture.md#pages-as-html: a path no route answers is a 404 with "Page not found".
  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
