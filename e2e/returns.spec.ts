import type { APIRequestContext, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { OrderReturnsReply } from '../contracts/returns';
import { returns, shopSettings } from '../server/db/schema';
import { sampleCarePhone, useSampleSeller } from '../server/test/seller-factory';
import { expect, type ShopServer, test } from './fixtures';
import { signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { signInOwnerByCookie } from './support/console-journeys';
import { paidOrderOf } from './support/orders-journey';
import { pickupScheduled, shiprocketSimulatorOf } from './support/shop';

// Issue 32's journeys on a phone: a shopper returns one of two delivered lines as damaged with a photo; the
// owner approves in the console; the simulator's courier collects it and delivers it to the brand; the owner
// marks it resellable and refunds; the shopper sees the refund and the credit note. A second shopper asks for
// a replacement and finds the linked replacement order in My Orders. axe-core checks the dialog and the pages.
// Each page's other states are component tests (web/features/orders/components/order-returns.test.tsx,
// web/app/routes/admin/admin-returns.test.tsx); each step's failures are integration tests
// (server/flows/returns.test.ts).

test.use({ viewport: phoneViewport });

// docs/product.md#returns: a pickup brings the return to the seller's address in the settings. The worker's
// server is shared with other journeys: what they found is put back.
let settingsBefore: typeof shopSettings.$inferSelect | undefined;
test.beforeAll(async ({ server }) => {
  [settingsBefore] = await server.db.select().from(shopSettings);
  await useSampleSeller(server, { carePhone: sampleCarePhone });
});
test.afterAll(async ({ server }) => {
  if (settingsBefore) await server.db.update(shopSettings).set(settingsBefore);
});

/** A paid order of the signed-in shopper, its parcel booked and moved by the simulator to delivered. */
async function deliveredOrder(request: APIRequestContext, server: ShopServer): Promise<string> {
  const orderId = await paidOrderOf(request, server, [
    { id: 1, quantity: 1 },
    { id: 2, quantity: 1 },
  ]);
  const order = await pickupScheduled(request, orderId);
  shiprocketSimulatorOf(server).move(Number(order.shipment?.shiprocketShipmentId), 'delivered');
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/orders/${orderId}`)).json()) as { order: { status: string } }).order
          .status,
    )
    .toBe('delivered');
  return orderId;
}

async function returnsOf(request: APIRequestContext, orderId: string): Promise<OrderReturnsReply> {
  const reply = await request.get(`/api/orders/${orderId}/returns`);
  expect(reply.status()).toBe(200);
  return (await reply.json()) as OrderReturnsReply;
}

/** Opens "Return or replace", checks the dialog with axe-core, and asks for one unit of the first line. */
async function askForReturn(page: Page, options: { reason: string; resolution?: string; photo?: Buffer }) {
  await page.getByRole('button', { name: 'Return or replace' }).click();
  const dialog = page.getByRole('dialog', { name: /^Return or replace/ });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'dialog[open]');
  await dialog.getByLabel('Face Mitt (Size', { exact: false }).first().selectOption('1');
  await dialog.getByLabel('Why are you returning them?').selectOption({ label: options.reason });
  if (options.resolution) await dialog.getByRole('radio', { name: options.resolution }).check();
  if (options.photo) {
    await dialog
      .getByLabel(/^Photos/)
      .setInputFiles({ name: 'crushed-box.png', mimeType: 'image/png', buffer: options.photo });
    await expect(dialog.getByRole('img', { name: 'Your upload 1 of 1' })).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Your return request is in. We will reply within a day.')).toBeVisible();
}

test('a damaged line returned with a photo: approved, collected, received resellable, refunded with a credit note', async ({
  page,
  server,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInBrowser(page, server);
  const orderId = await deliveredOrder(page.request, server);
  await page.goto(`/orders/${orderId}`);
  const photo = await sharp({
    create: { width: 600, height: 400, channels: 3, background: { r: 150, g: 60, b: 40 } },
  })
    .png()
    .toBuffer();
  await askForReturn(page, { reason: 'Damaged in transit', photo });
  // docs/architecture.md#return-photos: the photo is read through the shopper's own route, not a public URL.
  const sent = page.getByRole('img', { name: 'Upload 1 of 1' });
  await expect(sent).toBeVisible();
  await expect.poll(() => sent.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(400);
  await expectNoAxeViolations(page);
  const [asked] = (await returnsOf(page.request, orderId)).returns;
  const returnId = asked?.returnId ?? '';
  expect(asked).toMatchObject({ status: 'requested', lines: [{ units: 1 }] });

  // The owner, on a phone too.
  const ownerContext = await browser.newContext({ baseURL: server.url, viewport: phoneViewport });
  const ownerPage = await ownerContext.newPage();
  await signInOwnerByCookie(ownerContext, server, 'Asha Rao');
  await ownerPage.goto('/admin/returns');
  await ownerPage.getByRole('link', { name: `Return ${asked?.number}` }).click();
  await expect(ownerPage.getByRole('heading', { level: 1, name: `Return ${asked?.number}` })).toBeVisible();
  const upload = ownerPage.getByRole('img', { name: "The shopper's upload 1" });
  await expect(upload).toBeVisible();
  await expect.poll(() => upload.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(400);
  await expectNoAxeViolations(ownerPage);
  await ownerPage.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(ownerPage.getByText('Pickup booked', { exact: true })).toBeVisible();

  // The courier collects it and delivers it to the brand.
  const [row] = await server.db.select().from(returns).where(eq(returns.id, returnId));
  shiprocketSimulatorOf(server).move(Number(row?.shiprocketShipmentId), 'delivered');
  await expect
    .poll(async () => (await returnsOf(page.request, orderId)).returns[0]?.status)
    .toBe('picked_up');

  await ownerPage.reload();
  await ownerPage.getByRole('button', { name: 'Mark received' }).click();
  const receive = ownerPage.getByRole('dialog', { name: 'Mark the return received' });
  await expectNoAxeViolations(ownerPage, 'dialog[open]');
  await receive.getByRole('radio', { name: 'Resellable: the units go back in stock' }).check();
  await receive.getByRole('button', { name: 'Mark received' }).click();
  await expect(ownerPage.getByText('Received', { exact: true })).toBeVisible();
  await ownerPage.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(ownerPage.getByText('Refunded', { exact: true })).toBeVisible();
  await ownerContext.close();

  // The shopper sees the refund and the credit note.
  await page.reload();
  await expect(page.getByText(`Return ${asked?.number}:`)).toContainText('Refunded');
  await expect(page.getByRole('link', { name: /^Download credit note/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a wrong item replaced: the replacement order is linked and listed in My Orders', async ({
  page,
  server,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInBrowser(page, server);
  const orderId = await deliveredOrder(page.request, server);
  await page.goto(`/orders/${orderId}`);
  await askForReturn(page, { reason: 'Wrong item', resolution: 'A free replacement' });
  const [asked] = (await returnsOf(page.request, orderId)).returns;

  const ownerContext = await browser.newContext({ baseURL: server.url, viewport: phoneViewport });
  const ownerPage = await ownerContext.newPage();
  await signInOwnerByCookie(ownerContext, server, 'Asha Rao');
  await ownerPage.goto(`/admin/returns/${asked?.returnId}`);
  await ownerPage.getByRole('button', { name: 'Approve without pickup' }).click();
  await expect(ownerPage.getByText('Replacement shipped', { exact: true })).toBeVisible();
  await ownerContext.close();

  const replacement = (await returnsOf(page.request, orderId)).returns[0]?.replacementOrder;
  expect(replacement).not.toBeNull();
  await page.goto('/orders');
  const card = page.getByRole('article', { name: `Order ${replacement?.orderNumber}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('A free replacement for order')).toBeVisible();
  await card.getByRole('link', { name: asked?.orderNumber ?? '' }).click();
  await expect(page.getByRole('link', { name: replacement?.orderNumber ?? '' })).toBeVisible();
  await expectNoAxeViolations(page);
});
