import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { eq, inArray } from 'drizzle-orm';
import type { Order } from '../contracts/orders';
import type { Database } from '../server/db/client';
import { orders, payments, users } from '../server/db/schema';
import { expect, type ShopServer, test } from './fixtures';
import { signInBrowser, type TestShopper } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { apiHeaders, detail, fillCart } from './support/shop';

// Issue 5's browser journeys: pay through the Razorpay simulator's test window, fail, dismiss, and the
// docs/product.md#messages outcome texts, checked against the rows the server wrote.

// docs/product.md#messages Payment and orders.
const cancelledText = 'Payment was cancelled. Please try again.';
const timeoutText = 'Payment timeout. Please try again.';
const initializeFailedText = 'Failed to initialize payment. Please try again.';
const orderCreationFailedText = 'Payment successful but order creation failed. Please contact support.';
// docs/product.md#screens Payment success, the shipment block.
const shipmentPendingText = 'Shipping details will be available shortly.';
const noCourierText = 'Courier not yet assigned';
const noTrackingText = 'Tracking will be available once courier is assigned';
// The simulator's description of a declined payment (failure@razorpay or 'Fail payment').
const declinedDescription =
  'Your payment has been declined by your bank. Please try again or use a different method.';

async function serverCart(request: APIRequestContext): Promise<{ id: number; quantity: number }[]> {
  const response = await request.get('/api/cart');
  expect(response.status()).toBe(200);
  const { cart } = (await response.json()) as { cart: { id: number; quantity: number }[] };
  return cart.map(({ id, quantity }) => ({ id, quantity }));
}

async function myOrders(request: APIRequestContext): Promise<Order[]> {
  const response = await request.get('/api/orders/my-orders');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { orders: Order[] }).orders;
}

/** Every order row of the shopper, paid or not, with its payment rows. */
async function orderRowsOf(db: Database, shopper: TestShopper) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, shopper.email));
  if (!user) throw new Error(`no user ${shopper.email}`);
  const rows = await db.select().from(orders).where(eq(orders.userId, user.id));
  const paymentRows =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(payments)
          .where(
            inArray(
              payments.orderId,
              rows.map((row) => row.id),
            ),
          );
  return { orders: rows, payments: paymentRows };
}

/** The value next to a label in a <dl> of totals. */
function totalsRow(region: Locator, label: string): Locator {
  return region
    .locator('div', { has: region.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

function cartBadge(page: Page, label: string): Locator {
  return page.getByRole('banner').getByRole('link', { name: `Cart, ${label}` });
}

function placeOrderButton(page: Page): Locator {
  return page.getByRole('button', { name: 'PLACE ORDER' });
}

/**
 * The checkout's payment error line (docs/product.md#screens), not the test window's own. By class: while it is empty it
 * has no box, and role queries skip it.
 */
function paymentErrorLine(page: Page): Locator {
  return page.locator('.place-order__error');
}

/**
 * Reloads the success page with the server's order as it is, except for its shipment: the states the
 * shipment job passes through too quickly to catch (the order and payment are still the server's).
 */
async function showOrderWithShipment(
  page: Page,
  orderId: string,
  shipment: Record<string, unknown> | null,
): Promise<void> {
  // The page polls the order until its shipment is known, so a handler may be mid-request here: once
  // unrouted, what it does no longer matters.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.route(
    (url) => url.pathname === `/api/orders/${orderId}`,
    async (route) => {
      const response = await route.fetch();
      const { order } = (await response.json()) as { order: Order };
      await route.fulfill({ response, json: { order: { ...order, shipment } } });
    },
  );
  await page.reload();
}

/** Rupees as the cart shows them ('₹1,198') as a number. */
function rupees(text: string): number {
  return Number(text.replace(/[₹,\s]/g, ''));
}

/**
 * PLACE ORDER, then the simulator's test window: the button reads 'ORDERING...' and is disabled
 * while the window is open, and the window is ready to pay once it has loaded the order's amount.
 */
async function openPaymentWindow(page: Page): Promise<Locator> {
  await placeOrderButton(page).click();
  await expect(page.getByRole('button', { name: 'ORDERING...' })).toBeDisabled();
  const paymentWindow = page.getByRole('dialog', { name: 'Razorpay test mode' });
  await expect(paymentWindow).toBeVisible();
  await expect(paymentWindow.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
  return paymentWindow;
}

/** A signed-in shopper with one Face Mitt (₹239 + ₹100 shipping = ₹339), at /checkout. */
async function shopperAtCheckout(page: Page, server: ShopServer): Promise<TestShopper> {
  const shopper = await signInBrowser(page, server);
  await fillCart(page.request, [{ id: 1, quantity: 1 }]);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: '1/1 ITEMS SELECTED' })).toBeVisible();
  return shopper;
}

function orderNumberOf(orderId: string): string {
  return `OM-${orderId.slice(0, 8).toUpperCase()}`;
}

/** Pays in the test window with the prefilled success@razorpay and waits for the success page. */
async function payAndLand(
  page: Page,
  paymentWindow: Locator,
): Promise<{ orderId: string; paymentId: string }> {
  await expect(paymentWindow.getByLabel('UPI ID')).toHaveValue('success@razorpay');
  await paymentWindow.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(paymentWindow).toBeHidden();
  // Focus follows the shopper to the new page's heading, not the page body.
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeFocused();
  await expect(page).toHaveURL(/\/payment-success\?orderId=[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
  // docs/product.md#entities: the shopper reads the short number, as in My Orders and the e-mails.
  await expect(detail(page, 'Order ID')).toHaveText(orderNumberOf(orderId));
  const paymentId = (await detail(page, 'Payment ID').textContent()) ?? '';
  expect(paymentId).toMatch(/^pay_\w+$/);
  return { orderId, paymentId };
}

test('pays for the cart: the success page shows the ids of the paid order and the cart is empty', async ({
  page,
  server,
}) => {
  await page.setViewportSize(phoneViewport);
  const shopper = await signInBrowser(page, server);
  await fillCart(page.request, [{ id: 1, quantity: 1 }]);

  await page.goto('/cart');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(totalsRow(summary, 'Total')).toHaveText('₹339');
  const cartTotal = rupees((await totalsRow(summary, 'Total').textContent()) ?? '');
  await expect(cartBadge(page, '1 item')).toBeVisible();
  await page.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(totalsRow(page.getByRole('region', { name: 'Price Details' }), 'Total Amount')).toHaveText(
    '₹339',
  );

  const paymentWindow = await openPaymentWindow(page);
  // The amount of the Razorpay order, as the window describes itself.
  await expect(paymentWindow).toHaveAccessibleDescription('₹339.00');
  await expect(paymentWindow.getByText('Ottoman Mittens')).toBeVisible();
  const { orderId, paymentId } = await payAndLand(page, paymentWindow);
  await expectNoAxeViolations(page);

  // Both ids are the server's, and the order charged exactly the cart page's total.
  const [order, ...others] = await myOrders(page.request);
  expect(others).toEqual([]);
  expect(order).toMatchObject({
    orderId,
    paymentId,
    // Confirmed at payment; the shipment job may already have moved it on to processing.
    status: expect.stringMatching(/^(confirmed|processing)$/),
    paymentStatus: 'paid',
    totalPaise: cartTotal * 100,
    shippingPaise: 100_00,
    items: [expect.objectContaining({ productId: 1, quantity: 1, unitPricePaise: 239_00 })],
  });
  const rows = await orderRowsOf(server.db, shopper);
  expect(rows.orders).toEqual([
    expect.objectContaining({ id: orderId, paymentStatus: 'paid', totalPaise: 339_00 }),
  ]);
  expect(rows.payments).toEqual([
    expect.objectContaining({
      orderId,
      razorpayPaymentId: paymentId,
      status: 'captured',
      amountPaise: 339_00,
    }),
  ]);

  // The cart is emptied on the server and in the header.
  await expect(cartBadge(page, '0 items')).toBeVisible();
  expect(await serverCart(page.request)).toEqual([]);
});

test('the success page survives a reload, shows the shipment block and leads on', async ({
  page,
  server,
}) => {
  await shopperAtCheckout(page, server);
  const { orderId, paymentId } = await payAndLand(page, await openPaymentWindow(page));

  // Read from the server now, not from the navigation state the checkout left.
  const orderRead = page.waitForResponse(
    (response) => response.url().endsWith(`/api/orders/${orderId}`) && response.status() === 200,
  );
  await page.reload();
  await orderRead;
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  await expect(detail(page, 'Order ID')).toHaveText(orderNumberOf(orderId));
  await expect(detail(page, 'Payment ID')).toHaveText(paymentId);

  // docs/product.md#screens: the block shows the server's shipment as it stands: the fallback text before it exists, the
  // courier and tracking texts before a courier is assigned, else the courier. The shipment job may move
  // on between two reads, so the pair of reads is retried until they agree.
  await expect(async () => {
    const reply = await page.request.get(`/api/orders/${orderId}`);
    const { shipment } = ((await reply.json()) as { order: Order }).order;
    const quick = { timeout: 1_000 };
    if (!shipment?.shiprocketOrderId) {
      await expect(page.getByText(shipmentPendingText, { exact: true })).toBeVisible(quick);
    } else if (!shipment.courierName) {
      await expect(page.getByText(noCourierText, { exact: true })).toBeVisible(quick);
      await expect(page.getByText(noTrackingText, { exact: true })).toBeVisible(quick);
    } else {
      await expect(page.getByText(shipment.courierName, { exact: true })).toBeVisible(quick);
    }
  }).toPass({ timeout: 10_000 });

  // The two earlier moments, which the shipment job usually passes before a test can look: the order as the
  // server had it before the shipment was booked, and booked without a courier.
  await showOrderWithShipment(page, orderId, null);
  await expect(page.getByText(shipmentPendingText, { exact: true })).toBeVisible();
  await expect(detail(page, 'Payment ID')).toHaveText(paymentId);
  await showOrderWithShipment(page, orderId, {
    shiprocketOrderId: '700000001',
    shiprocketShipmentId: '700000002',
    courierName: null,
    trackingNumber: null,
    trackingStatus: null,
    estimatedDelivery: null,
    trackingUrl: null,
    courierTrackingUrl: null,
    hasTracking: false,
    hasCourier: false,
    canTrack: false,
    stage: 'created',
  });
  await expect(page.getByText(noCourierText, { exact: true })).toBeVisible();
  await expect(page.getByText(noTrackingText, { exact: true })).toBeVisible();
  await expect(page.getByText(shipmentPendingText, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Track Package' })).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toBeVisible();

  await page.goto(`/payment-success?orderId=${orderId}`);
  await expect(detail(page, 'Payment ID')).toHaveText(paymentId);
  await page.getByRole('link', { name: 'View Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  // My Orders shows the same order, at the cart's ₹339 (docs/product.md#amount-display: rupees to two decimals).
  const main = page.getByRole('main');
  await expect(main.getByText(paymentId).first()).toBeVisible();
  await expect(main.getByText('₹339.00').first()).toBeVisible();

  // An id that is not one of the shopper's paid orders shows no success.
  await page.goto('/payment-success?orderId=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'No payment to show' })).toBeVisible();
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
});

test('a failed payment shows the provider description; no order is paid and the cart stays', async ({
  page,
  server,
}) => {
  await page.setViewportSize(phoneViewport);
  const shopper = await shopperAtCheckout(page, server);
  const paymentWindow = await openPaymentWindow(page);

  await paymentWindow.getByRole('button', { name: 'Fail payment' }).click();
  await expect(paymentErrorLine(page)).toHaveText(`Payment failed: ${declinedDescription}`);
  await expect(paymentWindow.getByRole('alert')).toHaveText(declinedDescription);

  // Checkout stays open for another try, as Razorpay's does: failure@razorpay fails the same way.
  await paymentWindow.getByLabel('UPI ID').fill('failure@razorpay');
  const attempt = page.waitForResponse((response) => response.url().endsWith('/sim/razorpay/checkout/pay'));
  await paymentWindow.getByRole('button', { name: 'Pay', exact: true }).click();
  expect((await attempt).status()).toBe(400);
  await expect(paymentWindow.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
  await expect(paymentWindow.getByRole('alert')).toHaveText(declinedDescription);
  await expect(paymentErrorLine(page)).toHaveText(`Payment failed: ${declinedDescription}`);
  await expect(page.getByRole('button', { name: 'ORDERING...' })).toBeDisabled();

  // Closing the window after a failure is a cancel like any other (docs/product.md#messages).
  await paymentWindow.getByRole('button', { name: 'Close' }).click();
  await expect(paymentWindow).toBeHidden();
  await expect(paymentErrorLine(page)).toHaveText('Payment was cancelled. Please try again.');
  await expect(placeOrderButton(page)).toBeEnabled();
  await expectNoAxeViolations(page);
  await expect(page).toHaveURL(/\/checkout$/);

  expect(await myOrders(page.request)).toEqual([]);
  const rows = await orderRowsOf(server.db, shopper);
  expect(rows.orders.filter((order) => order.paymentStatus === 'paid')).toEqual([]);
  expect(rows.payments.filter((payment) => payment.status === 'captured')).toEqual([]);
  expect(await serverCart(page.request)).toEqual([{ id: 1, quantity: 1 }]);
  await expect(cartBadge(page, '1 item')).toBeVisible();
  await expect(page.getByRole('heading', { name: '1/1 ITEMS SELECTED' })).toBeVisible();
});

test('closing the window cancels; paying afterwards makes exactly one paid order', async ({
  page,
  server,
}) => {
  const shopper = await shopperAtCheckout(page, server);

  const paymentWindow = await openPaymentWindow(page);
  await paymentWindow.getByRole('button', { name: 'Close' }).click();
  await expect(paymentWindow).toBeHidden();
  await expect(paymentErrorLine(page)).toHaveText(cancelledText);
  await expect(placeOrderButton(page)).toBeEnabled();

  // Escape closes it the same way (modal.escape defaults to true).
  await openPaymentWindow(page);
  await expect(paymentErrorLine(page)).toBeEmpty();
  await page.keyboard.press('Escape');
  await expect(paymentWindow).toBeHidden();
  await expect(paymentErrorLine(page)).toHaveText(cancelledText);
  await expect(placeOrderButton(page)).toBeEnabled();
  expect(await myOrders(page.request)).toEqual([]);
  expect(await serverCart(page.request)).toEqual([{ id: 1, quantity: 1 }]);

  const { orderId, paymentId } = await payAndLand(page, await openPaymentWindow(page));
  const paid = await myOrders(page.request);
  expect(paid).toEqual([expect.objectContaining({ orderId, paymentId, paymentStatus: 'paid' })]);
  // The abandoned attempts reused the same pending order: no stray orders, one payment.
  const rows = await orderRowsOf(server.db, shopper);
  expect(rows.orders).toEqual([expect.objectContaining({ id: orderId, paymentStatus: 'paid' })]);
  expect(rows.payments).toEqual([
    expect.objectContaining({ razorpayPaymentId: paymentId, status: 'captured' }),
  ]);
  await expect(cartBadge(page, '0 items')).toBeVisible();
});

test("the shop refusing the browser's report: the documented message (docs/product.md#messages), and the webhook still confirms the order", async ({
  page,
  server,
}) => {
  const shopper = await shopperAtCheckout(page, server);
  // The payment succeeds at Razorpay, but the shop's reply to the browser is a refusal.
  await page.route(
    (url) => url.pathname === '/api/orders/create-with-payment',
    (route) => route.fulfill({ status: 400, json: { message: 'We could not verify this payment.' } }),
  );
  const paymentWindow = await openPaymentWindow(page);
  await paymentWindow.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(paymentWindow).toBeHidden();
  await expect(paymentErrorLine(page)).toHaveText(orderCreationFailedText);
  await expect(placeOrderButton(page)).toBeEnabled();
  await expect(page).toHaveURL(/\/checkout$/);

  // docs/architecture.md#money-flow: Razorpay's webhook confirms the very same order, once.
  await expect.poll(async () => (await myOrders(page.request)).length).toBe(1);
  const rows = await orderRowsOf(server.db, shopper);
  expect(rows.orders).toEqual([expect.objectContaining({ paymentStatus: 'paid', totalPaise: 339_00 })]);
  expect(rows.payments).toEqual([expect.objectContaining({ status: 'captured', amountPaise: 339_00 })]);
  await expect.poll(() => serverCart(page.request)).toEqual([]);
});

test('Razorpay down at PLACE ORDER: the initialise message and no order', async ({ page, server }) => {
  const shopper = await shopperAtCheckout(page, server);
  // The simulator is the worker's; its tests run one at a time, and this one puts it back.
  const failed = await page.request.post('/sim/razorpay/control/fail-api', {
    headers: apiHeaders,
    data: { mode: 'unavailable' },
  });
  expect(failed.status(), await failed.text()).toBe(200);
  try {
    await placeOrderButton(page).click();
    await expect(paymentErrorLine(page)).toHaveText(initializeFailedText);
    await expect(placeOrderButton(page)).toBeEnabled();
    await expect(page.getByRole('dialog', { name: 'Razorpay test mode' })).toHaveCount(0);
    expect((await orderRowsOf(server.db, shopper)).orders).toEqual([]);
  } finally {
    const restored = await page.request.post('/sim/razorpay/control/restore-api', { headers: apiHeaders });
    expect(restored.status(), await restored.text()).toBe(200);
  }

  // Back up: the same button opens the window.
  await openPaymentWindow(page);
  await expect(paymentErrorLine(page)).toBeEmpty();
});

test("Checkout's script failing to load: the initialise message and no order", async ({ page, server }) => {
  await page.route(/\/sim\/razorpay\/checkout\.js$/, (route) => route.abort());
  const shopper = await shopperAtCheckout(page, server);
  await placeOrderButton(page).click();
  await expect(paymentErrorLine(page)).toHaveText(initializeFailedText);
  await expect(placeOrderButton(page)).toBeEnabled();
  expect((await orderRowsOf(server.db, shopper)).orders).toEqual([]);
});

test('the window timing out after 300000 ms reads the timeout text', async ({ page, server }) => {
  await page.clock.install();
  await shopperAtCheckout(page, server);
  const paymentWindow = await openPaymentWindow(page);
  // docs/product.md#numbers-and-timings: the payment window times out after 300000 ms.
  await page.clock.fastForward('05:00');
  await expect(paymentWindow).toBeHidden();
  await expect(paymentErrorLine(page)).toHaveText(timeoutText);
  await expect(placeOrderButton(page)).toBeEnabled();
  expect(await myOrders(page.request)).toEqual([]);
});
