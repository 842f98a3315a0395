import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { arrivalText, promiseFactsOf } from '../contracts/delivery';
import type { Order } from '../contracts/orders';
import { readOutbox } from '../server/test/dev-outbox';
import { expect, test } from './fixtures';
import { signInBrowser, type TestShopper } from './support/accounts';
import {
  detail,
  fillCart,
  orderOf,
  payForCart,
  pickupScheduled,
  shiprocketSimulatorOf,
} from './support/shop';

// Issue 6's browser journeys: the payment-success shipment block, My Orders with every panel, Refresh and
// the tracking modal as the simulated parcel moves, cancelling with a refund, and the order e-mails.

// docs/product.md#screens and docs/product.md#messages texts.
const texts = {
  loadingOrders: 'Loading orders...',
  noOrders: 'No orders found',
  noOrdersHint: 'Your order history will appear here once you place an order.',
  courierNotAssigned: 'Courier not yet assigned',
  trackingLater: 'Tracking will be available once courier is assigned',
  notYetProcessed: 'Shipping details will be available once your order is processed',
  unableToFetch: 'Unable to fetch shipping details: ',
  trackingError: 'Tracking Error:',
};

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

test('a visitor is asked to log in; a shopper without orders sees the empty state', async ({
  page,
  server,
}) => {
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Forders$/);
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await expect(page.getByText(texts.loadingOrders)).toHaveCount(0);

  await signInBrowser(page, server);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: texts.noOrders })).toBeVisible();
  await expect(page.getByText(texts.noOrdersHint)).toBeVisible();
  // The original client's debug button (docs/product.md#screens): reads the profile and the orders again, and still finds none.
  const profileRead = page.waitForResponse((response) => response.url().endsWith('/api/auth/profile'));
  const ordersRead = page.waitForResponse((response) =>
    response.url().endsWith('/api/orders/my-orders-with-shipment'),
  );
  await page.getByRole('button', { name: 'Refresh' }).click();
  expect((await profileRead).status()).toBe(200);
  expect((await ordersRead).status()).toBe(200);
  await expect(page.getByRole('heading', { name: texts.noOrders })).toBeVisible();
});

test('pay, see the shipment, then follow the parcel on My Orders with Refresh and Track', async ({
  page,
  server,
}) => {
  const simulator = shiprocketSimulatorOf(server);
  const shopper = await signInBrowser(page, server);
  // 2 Luxury Mitt Black at ₹599: ₹1,198, shipping FREE (docs/product.md#money).
  await fillCart(page.request, [{ id: 7, quantity: 2 }]);
  const orderId = await payForCart(page);

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

  // The success page's shipment block (docs/product.md#screens), read again from the server.
  await page.reload();
  // Shiprocket's own ids are not the shopper's business.
  await expect(page.getByText(shipment.shiprocketOrderId ?? 'no id')).toHaveCount(0);
  await expect(page.locator('dt', { hasText: 'Shipment ID' })).toHaveCount(0);
  await expect(detail(page, 'Courier')).toHaveText(shipment.courierName);
  await expect(detail(page, 'Tracking number')).toHaveText(shipment.trackingNumber);
  await expect(detail(page, 'Tracking status')).toHaveText('OUT FOR PICKUP');
  // docs/product.md#delivery-date: the courier's day, as a day.
  const arrival = arrivalText({ ...promiseFactsOf(order), courierEstimate: shipment.estimatedDelivery });
  await expect(detail(page, 'Estimated delivery')).toHaveText(arrival);
  await expect(detail(page, 'Expected delivery')).toHaveText(arrival);
  await expect(page.getByRole('link', { name: 'Track Package' })).toHaveAttribute(
    'href',
    shipment.trackingUrl ?? '',
  );

  // My Orders: every field of the card (docs/product.md#screens), the amount in rupees to two decimals (docs/product.md#amount-display).
  const firstLoad = page.waitForResponse((response) =>
    response.url().endsWith(`/api/orders/shipment-updates/${orderId}`),
  );
  await page.getByRole('link', { name: 'View Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
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

  // The e-mails of the journey, in the dev outbox.
  await expect
    .poll(() => emailSubjects(page.request, shopper))
    .toEqual(
      expect.arrayContaining([
        `Your order ${order.orderNumber} is confirmed`,
        `Your order ${order.orderNumber} is on its way`,
      ]),
    );
});

test('cancelling before pickup asks first, then shows the order cancelled and refunded', async ({
  page,
  server,
}) => {
  const shopper = await signInBrowser(page, server);
  // One Face Mitt: ₹239 + ₹100 shipping = ₹339.
  await fillCart(page.request, [{ id: 1, quantity: 1 }]);
  const orderId = await payForCart(page);
  const order = await pickupScheduled(page.request, orderId);

  await page.goto('/orders');
  const card = orderCard(page, order);
  await expect(card.locator('.order-status')).toHaveText('Processing');

  // The confirmation can be declined.
  await card.getByRole('button', { name: 'Cancel Order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel Order' });
  await expect(confirm).toContainText(`Cancel order ${order.orderNumber}?`);
  await expect(confirm).toContainText('₹339.00');
  await confirm.getByRole('button', { name: 'Keep Order' }).click();
  await expect(confirm).toBeHidden();
  expect((await orderOf(page.request, orderId)).status).toBe('processing');

  await card.getByRole('button', { name: 'Cancel Order' }).click();
  const cancelled = page.waitForResponse((response) =>
    response.url().endsWith(`/api/orders/cancel/${orderId}`),
  );
  await confirm.getByRole('button', { name: 'Yes, Cancel Order' }).click();
  const reply = await cancelled;
  expect(reply.status()).toBe(200);
  const { message } = (await reply.json()) as { message: string };
  await expect(confirm).toBeHidden();
  await expect(card.getByRole('status').filter({ hasText: message })).toBeVisible();

  await expect(card.locator('.order-status')).toHaveText('Cancelled');
  await expect(card.locator('.order-status__dot')).toHaveCSS('background-color', dotColours.cancelled);
  await expect(card.locator('.order-card__paid')).toHaveText('Refunded');
  await expect(card.getByText('Refunded ₹339.00', { exact: true })).toBeVisible();
  const payment = card.getByRole('region', { name: 'Payment Information' });
  await expect(detail(payment, 'Refund status')).toHaveText('Refund processed');
  await expect(detail(payment, 'Refunded')).toHaveText('₹339.00');
  await expect(card.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);

  // The server agrees, after a reload too.
  expect(await orderOf(page.request, orderId)).toMatchObject({
    status: 'cancelled',
    paymentStatus: 'refunded',
    refundedPaise: 339_00,
    refundStatus: 'processed',
  });
  await page.reload();
  await expect(orderCard(page, order).locator('.order-status')).toHaveText('Cancelled');

  await expect
    .poll(() => emailSubjects(page.request, shopper))
    .toEqual(
      expect.arrayContaining([
        `Your order ${order.orderNumber} is confirmed`,
        `Your order ${order.orderNumber} is cancelled`,
        `Your refund for order ${order.orderNumber} is processed`,
      ]),
    );
});

test('a cancel after the courier collected the parcel is refused with the reason', async ({
  page,
  server,
}) => {
  const simulator = shiprocketSimulatorOf(server);
  await signInBrowser(page, server);
  await fillCart(page.request, [{ id: 1, quantity: 1 }]);
  const orderId = await payForCart(page);
  const order = await pickupScheduled(page.request, orderId);

  await page.goto('/orders');
  const card = orderCard(page, order);
  const cancel = card.getByRole('button', { name: 'Cancel Order' });
  await expect(cancel).toBeVisible();

  // Picked up after the page loaded: the webhook reaches the server, the page still offers Cancel.
  simulator.advance(shipmentIdOf(order));
  simulator.advance(shipmentIdOf(order));
  await simulator.webhooks.settled();
  await expect.poll(async () => (await orderOf(page.request, orderId)).status).toBe('shipped');

  await cancel.click();
  const refused = page.waitForResponse((response) =>
    response.url().endsWith(`/api/orders/cancel/${orderId}`),
  );
  await page
    .getByRole('dialog', { name: 'Cancel Order' })
    .getByRole('button', { name: 'Yes, Cancel Order' })
    .click();
  const reply = await refused;
  expect(reply.status()).toBe(409);
  const { message } = (await reply.json()) as { message: string };
  expect(message).toBe(
    'This order has already been picked up by the courier and can no longer be cancelled.',
  );
  await expect(card.getByRole('alert')).toHaveText(message);
  // The card reads the order again: shipped, no Cancel, still paid.
  await expect(card.locator('.order-status')).toHaveText('Shipped');
  await expect(cancel).toHaveCount(0);
  await expect(card.locator('.order-card__paid')).toHaveText('Paid');
});

test('while Shiprocket is down, Refresh says why and keeps what is known; then it recovers', async ({
  page,
  server,
}) => {
  const simulator = shiprocketSimulatorOf(server);
  await signInBrowser(page, server);
  await fillCart(page.request, [{ id: 1, quantity: 1 }]);
  const orderId = await payForCart(page);
  const order = await pickupScheduled(page.request, orderId);

  await page.goto('/orders');
  const card = orderCard(page, order);
  const shipping = card.getByRole('region', { name: 'Shipping Information' });
  await expect(detail(shipping, 'Tracking status')).toHaveText('PICKUP SCHEDULED');

  simulator.failApi('unavailable');
  try {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    // Held a moment, to see the per-order loading state.
    await page.route(`**/api/orders/refresh-tracking/${orderId}`, async (route) => {
      await held;
      await route.continue();
    });
    await shipping.getByRole('button', { name: 'Refresh' }).click();
    await expect(shipping.getByRole('button', { name: 'Refreshing...' })).toBeDisabled();
    await expect(shipping).toHaveAttribute('aria-busy', 'true');
    answer();
    await expect(
      shipping.getByText(
        `${texts.unableToFetch}Tracking is temporarily unavailable. Please try again in a few minutes.`,
        { exact: true },
      ),
    ).toBeVisible();
    // What we stored is still shown under the error.
    await expect(detail(shipping, 'Tracking status')).toHaveText('PICKUP SCHEDULED');
    await expect(shipping.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  } finally {
    simulator.restoreApi();
  }

  await shipping.getByRole('button', { name: 'Refresh' }).click();
  await expect(shipping.getByText(texts.unableToFetch)).toHaveCount(0);
  await expect(detail(shipping, 'Courier')).toHaveText(order.shipment?.courierName ?? '');
});

test("the tracking modal's error state: 'Tracking Error:' and the message", async ({ page, server }) => {
  await signInBrowser(page, server);
  await fillCart(page.request, [{ id: 1, quantity: 1 }]);
  const orderId = await payForCart(page);
  const order = await orderOf(page.request, orderId);

  // The server reads tracking from its own rows; only a failed call can show the error state.
  await page.route(`**/api/orders/track/${orderId}`, (route) =>
    route.fulfill({ status: 502, json: { message: 'The courier is not answering.' } }),
  );
  await page.goto('/orders');
  await orderCard(page, order).getByRole('button', { name: 'Track', exact: true }).click();
  const modal = page.getByRole('dialog', { name: `Track Order ${order.orderNumber}` });
  await expect(modal.getByRole('alert')).toHaveText(`${texts.trackingError} The courier is not answering.`);

  // Asked again once the call works: the timeline replaces the error.
  await page.unroute(`**/api/orders/track/${orderId}`);
  await modal.getByRole('button', { name: 'Try again' }).click();
  await expect(modal.getByRole('alert')).toHaveCount(0);
  await expect(modal.getByRole('heading', { name: 'Tracking updates' })).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
});

test('an order whose shipment is not booked yet: the fallback texts', async ({ page, server }) => {
  const simulator = shiprocketSimulatorOf(server);
  await signInBrowser(page, server);
  await fillCart(page.request, [{ id: 1, quantity: 1 }]);
  simulator.failApi('server_error');
  try {
    const orderId = await payForCart(page);
    // docs/product.md#screens Payment success: no shipment yet.
    await expect(
      page.getByText('Shipping details will be available shortly.', { exact: true }),
    ).toBeVisible();
    const order = await orderOf(page.request, orderId);
    expect(order.shipment).toBeNull();

    // docs/product.md#messages: a 500 from the shipping check is expected for a new order; the page says it is not processed yet.
    await page.route(`**/api/orders/shipment-updates/${orderId}`, (route) =>
      route.fulfill({ status: 500, json: { message: 'Shipment not found' } }),
    );
    await page.goto('/orders');
    const shipping = orderCard(page, order).getByRole('region', { name: 'Shipping Information' });
    await expect(shipping.getByText(texts.notYetProcessed, { exact: true })).toBeVisible();
    await expect(shipping.getByText(texts.unableToFetch)).toHaveCount(0);

    // Refresh asks the server, which knows the order and has no courier for it yet.
    await shipping.getByRole('button', { name: 'Refresh' }).click();
    await expect(detail(shipping, 'Courier')).toHaveText(texts.courierNotAssigned);
    await expect(detail(shipping, 'Tracking number')).toHaveText(texts.trackingLater);
    await expect(shipping.getByText(texts.notYetProcessed)).toHaveCount(0);
  } finally {
    simulator.restoreApi();
  }
});
