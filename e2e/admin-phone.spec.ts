import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AdminOrderDetail } from '../contracts/admin-orders';
import type { OrderReturnsReply, ReturnReply } from '../contracts/returns';
import { contactMessages, orders, reviews, shipments } from '../server/db/schema';
import { createStaffWithSetupLink } from '../server/modules/staff/staff-accounts';
import { expect, test } from './fixtures';
import { aShopper, signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { journeyCodRules, placeCodOrderOf, setCodRules, turnCodOff } from './support/cod';
import { shipmentJobGivesUp, signInOwnerByCookie } from './support/console-journeys';
import { journeyProducts } from './support/journey-products';
import { paidOrderOf } from './support/orders-journey';
import { expectFitsWidth } from './support/phone-width';
import { apiHeaders, fillCart, orderOf, pickupScheduled, shiprocketSimulatorOf } from './support/shop';

// docs/architecture.md#console-on-a-phone: every console page at 390 px, with the longest values a real shop
// has (an e-mail of 77 characters, a product's long title, an order of several items, its AWB and payment id),
// fits the screen: nothing but a wide table's own box scrolls sideways. The pages' other states are the
// other console journeys' and the component tests'; axe-core runs here only where no other journey runs it.

test.use({ viewport: phoneViewport });

const insertProduct = journeyProducts();

/** A console page to visit: where, the heading that says it has loaded, and the dialogs its buttons open. */
interface ConsolePage {
  name: string;
  path: string;
  heading: string;
  dialogs?: { button: string; dialog: string; axe?: boolean }[];
  /** Only for a page no other journey checks with axe-core. */
  axe?: boolean;
}

/** What the test made for the pages to show. */
interface Scene {
  email: string;
  orderId: string;
  orderNumber: string;
  productId: number;
  productTitle: string;
  customerId: string;
  messageId: string;
  couponId: number;
  /** A paid order whose booking with the courier gave up: Retry shipment and Cancel are offered on it. */
  stuckOrderId: string;
  stuckOrderNumber: string;
  /** A delivered cash-on-delivery order, its cash collected (docs/product.md#cod-refunds). */
  codOrderId: string;
  codOrderNumber: string;
  /** A cash-on-delivery order awaiting its shopper's confirmation (docs/product.md#cash-on-delivery). */
  codAwaitingOrderId: string;
  codAwaitingOrderNumber: string;
  /** A return of the order, asked for once it was delivered (docs/product.md#returns). */
  returnId: string;
  returnNumber: string;
  /** The IST day, as the orders' From and To take it. */
  today: string;
}

/** The pages a visitor sees, before the owner's cookie. */
function signedOutPages(setupToken: string): ConsolePage[] {
  return [
    { name: 'Sign-in', path: '/admin/login', heading: 'Sign in to the console' },
    { name: 'Set-up', path: `/admin/setup/${setupToken}`, heading: 'Set up your console account' },
  ];
}

/** Every page of the signed-in console, and every dialog its buttons open: a new page or dialog goes here. */
function signedInPages(scene: Scene): ConsolePage[] {
  return [
    // The dashboard's cards (sales, COD, NDR and RTO, checkouts won back) are checked here.
    { name: 'Dashboard', path: '/admin', heading: 'Dashboard', axe: true },
    {
      name: 'Orders',
      path: `/admin/orders?q=${encodeURIComponent(scene.email)}&from=${scene.today}&to=${scene.today}`,
      heading: 'Orders',
    },
    {
      name: 'Order',
      path: `/admin/orders/${scene.orderId}`,
      heading: `Order ${scene.orderNumber}`,
      // Delivered: the console offers only what its state allows (docs/product.md#console-pages).
      dialogs: [
        { button: 'Refund part', dialog: 'Refund part of this order' },
        { button: 'Resend a message', dialog: 'Resend a message' },
        { button: 'Add a note', dialog: 'Add a note' },
      ],
    },
    {
      name: 'Order waiting for its booking',
      path: `/admin/orders/${scene.stuckOrderId}`,
      heading: `Order ${scene.stuckOrderNumber}`,
      dialogs: [
        { button: 'Cancel and refund in full', dialog: 'Cancel this order' },
        { button: 'Retry shipment', dialog: 'Retry the shipment booking' },
      ],
    },
    {
      name: 'COD order',
      path: `/admin/orders/${scene.codOrderId}`,
      heading: `Order ${scene.codOrderNumber}`,
      dialogs: [
        { button: 'Refund to UPI', dialog: 'Refund to UPI', axe: true },
        { button: 'Record refund paid another way', dialog: 'Record a refund paid another way', axe: true },
      ],
    },
    { name: 'Cash on delivery', path: '/admin/cod', heading: 'Cash on delivery', axe: true },
    {
      name: 'COD order awaiting confirmation',
      path: `/admin/orders/${scene.codAwaitingOrderId}`,
      heading: `Order ${scene.codAwaitingOrderNumber}`,
      dialogs: [
        { button: 'Confirm after a call', dialog: 'Confirm this cash-on-delivery order', axe: true },
        { button: 'Cancel order', dialog: 'Cancel this order' },
      ],
    },
    { name: 'Products', path: '/admin/products', heading: 'Products' },
    { name: 'Product', path: `/admin/products/${scene.productId}`, heading: scene.productTitle },
    {
      name: 'Discount codes',
      path: '/admin/coupons',
      heading: 'Discount codes',
      dialogs: [{ button: 'New discount code', dialog: 'New discount code' }],
    },
    {
      name: 'Discount code',
      path: `/admin/coupons/${scene.couponId}`,
      heading: `Code ${longestCode}`,
      dialogs: [
        { button: 'Edit', dialog: `Edit ${longestCode}` },
        { button: 'End', dialog: `End ${longestCode}?`, axe: true },
      ],
    },
    { name: 'Returns', path: '/admin/returns', heading: 'Returns', axe: true },
    {
      name: 'Return',
      path: `/admin/returns/${scene.returnId}`,
      heading: `Return ${scene.returnNumber}`,
      dialogs: [{ button: 'Refuse', dialog: 'Refuse this return', axe: true }],
    },
    // The review's dialogs are measured and checked by e2e/admin-reviews.spec.ts, where the review is known.
    { name: 'Reviews', path: '/admin/reviews', heading: 'Reviews' },
    // Checked with axe-core by e2e/failed-delivery.spec.ts, with a report in it.
    { name: 'Failed deliveries', path: '/admin/deliveries', heading: 'Failed deliveries' },
    {
      name: 'Customers',
      path: `/admin/customers?q=${encodeURIComponent(scene.email)}`,
      heading: 'Customers',
    },
    {
      name: 'Customer',
      path: `/admin/customers/${scene.customerId}`,
      heading: 'Venkatalakshmi Subramaniam',
      dialogs: [
        { button: 'Sign out everywhere', dialog: 'Sign out everywhere', axe: true },
        { button: 'Block', dialog: 'Block this customer' },
      ],
    },
    { name: 'Inbox', path: '/admin/messages', heading: 'Inbox' },
    {
      name: 'Message',
      path: `/admin/messages/${scene.messageId}`,
      heading: 'Message from Venkatalakshmi Subramaniam',
    },
    { name: 'Staff', path: '/admin/staff', heading: 'Staff' },
    // Turning notifications on needs a push service, which a browser without the internet does not reach: the
    // button's states are component tests (push-opt-in.test.tsx), the pushes integration tests.
    { name: 'Alerts', path: '/admin/alerts', heading: 'Alerts', axe: true },
    { name: 'Audit log', path: '/admin/audit', heading: 'Audit log', axe: true },
    { name: 'Settings', path: '/admin/settings', heading: 'Settings' },
  ];
}

/** A code of the most characters a code may have (docs/product.md#console-coupons). */
const longestCode = 'DIWALIFESTIVEOFFER26';

function istDay(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

test('every console page fits a 390 px phone without scrolling sideways', async ({
  page,
  context,
  server,
  browser,
}) => {
  // Eighteen pages and twelve dialogs, each loaded and measured, after an order paid and shipped: six times
  // one page's 30 s.
  test.setTimeout(180_000);
  const tag = randomBytes(3).toString('hex');
  const email = `venkatalakshmi.subramaniam.${tag}@ottoman-mittens-wholesale-buyers.example.in`;
  const title = `Hand-knitted merino mittens with a fleece lining and an extra-long cuff ${tag}`;
  const productId = await insertProduct(server, { title });
  const shopperContext = await browser.newContext({ baseURL: server.url, viewport: phoneViewport });
  const shopperPage = await shopperContext.newPage();
  const shopper = await signInBrowser(
    shopperPage,
    server,
    aShopper({ email, firstName: 'Venkatalakshmi', lastName: 'Subramaniam' }),
  );
  const orderId = await paidOrderOf(shopperPage.request, server, [
    { id: productId, quantity: 2 },
    { id: 1, quantity: 1 },
    { id: 2, quantity: 3 },
  ]);
  const order = await pickupScheduled(shopperPage.request, orderId);
  // Delivered, then one line asked back: the Returns pages have a return to show.
  shiprocketSimulatorOf(server).move(Number(order.shipment?.shiprocketShipmentId), 'delivered');
  await expect.poll(async () => (await orderOf(shopperPage.request, orderId)).status).toBe('delivered');
  const offer = (await (
    await shopperPage.request.get(`/api/orders/${orderId}/returns`)
  ).json()) as OrderReturnsReply;
  const asked = await shopperPage.request.post(`/api/orders/${orderId}/returns`, {
    headers: { ...apiHeaders, 'Idempotency-Key': randomUUID() },
    data: {
      lines: offer.offer.offered
        ? offer.offer.returnable.map(({ lineId, units }) => ({ lineId, units }))
        : [],
      reason: 'not_as_described',
      resolution: 'refund',
      note: `The cuff of ${title} is shorter than the photos show, and the lining is thinner than described.`,
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const asking = ((await asked.json()) as ReturnReply).return;
  // COD checkout is the COD core's (issue 31): an order paid alike, then made a delivered COD order whose cash
  // the courier collected, as its delivery would leave it.
  const codOrderId = await paidOrderOf(shopperPage.request, server, [{ id: productId, quantity: 1 }]);
  const codOrder = await pickupScheduled(shopperPage.request, codOrderId);
  // A paid order whose booking the courier kept refusing until the job gave up.
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
  await shopperContext.close();
  await server.db
    .update(orders)
    .set({ paymentMethod: 'COD', paymentStatus: 'collected', status: 'delivered' })
    .where(eq(orders.id, codOrderId));
  await server.db.update(shipments).set({ stage: 'delivered' }).where(eq(shipments.orderId, codOrderId));
  // A COD order of a second shopper, left awaiting confirmation; COD is off again for the worker's other journeys.
  const codContext = await browser.newContext({ baseURL: server.url, viewport: phoneViewport });
  const codPage = await codContext.newPage();
  await signInBrowser(codPage, server, aShopper({ phoneVerified: true }));
  await setCodRules(server, journeyCodRules);
  const awaitingCodOrder = await fillCart(codPage.request, [{ id: 1, quantity: 1 }])
    .then(() => placeCodOrderOf(codPage.request))
    .finally(() => turnCodOff(server));
  await codContext.close();
  const [message] = await server.db
    .insert(contactMessages)
    .values({
      name: 'Venkatalakshmi Subramaniam',
      email,
      message: `My order ${order.orderNumber} shows https://shiprocket.example.in/tracking/${order.shipment?.trackingNumber ?? ''}?utm_source=order_email_and_more as its tracking link.`,
    })
    .returning({ id: contactMessages.id });
  const { token: setupToken } = await createStaffWithSetupLink(
    server.db,
    { email: `support.${email}`, name: 'Subramaniam Venkatalakshmi', role: 'support' },
    { staffId: null, ipAddress: null },
  );

  for (const consolePage of signedOutPages(setupToken)) await visit(consolePage);

  const owner = await signInOwnerByCookie(context, server, 'Asha Rao');
  // A refund made over the API: the order shows it, and the audit log has an order's row with its changes.
  const refund = await page.request.post(`/api/admin/orders/${orderId}/refunds`, {
    headers: { ...owner.headers, 'Idempotency-Key': randomUUID() },
    data: { amountPaise: 10_000, reason: 'One mitten of the pair arrived with a pulled thread' },
  });
  expect(refund.status(), await refund.text()).toBe(200);
  // "Resend a message" shows once the confirmation went out.
  await expect
    .poll(async () => {
      const reply = await page.request.get(`/api/admin/orders/${orderId}`, { headers: owner.headers });
      return ((await reply.json()) as AdminOrderDetail).sentMessages.length;
    })
    .toBeGreaterThan(0);
  // A code limited to the long-titled product, with the longest code and description there may be.
  const coupon = await page.request.post('/api/admin/coupons', {
    headers: owner.headers,
    data: {
      code: longestCode,
      kind: 'percent',
      percentOff: 15,
      maxDiscountRupees: 2000,
      minOrderRupees: 1499,
      validFrom: new Date().toISOString(),
      validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      totalUses: 10_000,
      usesPerShopper: 2,
      productIds: [productId],
      categories: ['premium'],
      public: true,
      description: `15% off ${title}`.slice(0, 120),
    },
  });
  expect(coupon.status(), await coupon.text()).toBe(201);
  // A remittance with a line for a parcel the shop does not know: the COD page lists it among the mismatches.
  const remittance = await page.request.post('/api/admin/cod/remittances', {
    headers: owner.headers,
    data: {
      csv: [
        'CRF ID,UTR,Remittance Date,AWB,Order ID,COD Amount,Remitted Amount',
        `9${Date.now()},UTIBN${String(Date.now()).slice(-11)},25-11-2026,SRX${tag}0000000001,channel-order-of-another-store-${tag},"1,19,800.00","1,19,750.00"`,
      ].join('\r\n'),
    },
  });
  expect(remittance.status(), await remittance.text()).toBe(202);
  // Imported in the background (docs/architecture.md#cod-money): the page is visited once it is done.
  const { import: queued } = (await remittance.json()) as { import: { id: string } };
  await expect
    .poll(async () => {
      const progress = await page.request.get(`/api/admin/cod/remittance-imports/${queued.id}`, {
        headers: owner.headers,
      });
      return ((await progress.json()) as { status: string }).status;
    })
    .toBe('done');
  // docs/product.md#reviews-console: a review of the longest title, with the long e-mail, product and a word
  // with no place to break, held for the owner.
  await server.db.insert(reviews).values({
    productId,
    userId: shopper.user._id,
    orderId: codOrderId,
    rating: 1,
    title: `The cuff is shorter than the photos show and the lining thinner than described ${tag}`.slice(
      0,
      100,
    ),
    body: `Returned the first pair. ${'Unbelievablyscratchyafterthesecondwash'.repeat(3)} and the seams came apart.`,
    status: 'pending',
  });
  const scene: Scene = {
    email,
    orderId,
    orderNumber: order.orderNumber,
    productId,
    productTitle: title,
    customerId: shopper.user._id,
    messageId: message?.id ?? '',
    couponId: ((await coupon.json()) as { coupon: { id: number } }).coupon.id,
    stuckOrderId,
    stuckOrderNumber: stuckOrder.orderNumber,
    codOrderId,
    codOrderNumber: codOrder.orderNumber,
    codAwaitingOrderId: awaitingCodOrder.orderId,
    codAwaitingOrderNumber: awaitingCodOrder.orderNumber,
    returnId: asking.returnId,
    returnNumber: asking.number,
    today: istDay(),
  };

  for (const consolePage of signedInPages(scene)) await visit(consolePage);

  // The console's service worker (docs/product.md#staff-alerts) is a file of the build, under the scope it serves.
  const worker = await page.request.get('/admin/push-worker.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(await worker.text()).toContain("addEventListener('notificationclick'");

  async function visit({ name, path, heading, dialogs = [], axe }: ConsolePage) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), name).toBeVisible();
    // Everything a page holds counts, folded away or not yet loaded: tables under a <details>, the charts.
    await expect(page.getByRole('status').filter({ hasText: /^Loading|^Drawing/ })).toHaveCount(0);
    await page.evaluate(() => {
      for (const details of document.querySelectorAll('details')) details.open = true;
    });
    await expectFitsWidth(page, name);
    // The signed-in console's header is one line on every page: the brand and its Menu button.
    if ((await page.getByRole('button', { name: 'Menu' }).count()) > 0) {
      const header = await page.getByRole('banner').boundingBox();
      expect(header?.height ?? 0, `${name}: the header's height`).toBeLessThanOrEqual(64);
    }
    if (axe) await expectNoAxeViolations(page);
    for (const { button, dialog, axe: dialogAxe } of dialogs) {
      await page.getByRole('button', { name: button, exact: true }).click();
      await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
      await expectFitsWidth(page, `${name}, dialog "${dialog}"`);
      if (dialogAxe) await expectNoAxeViolations(page, 'dialog[open]');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: dialog })).toBeHidden();
    }
  }
});
