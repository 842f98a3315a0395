import { eq } from 'drizzle-orm';
import { orders, shipments } from '../server/db/schema';
import { expect, test } from './fixtures';
import { aShopper, signInBrowser } from './support/accounts';
import { phoneViewport } from './support/axe';
import { signInOwnerByCookie } from './support/console-journeys';
import { paidOrderOf } from './support/orders-journey';
import { detail, pickupScheduled } from './support/shop';

// Issue 31's remittance journey on a phone: the owner exports Shiprocket's COD remittance CSV, uploads it on
// the console's Cash on delivery page, follows its import (a background job, issue 42), and sees the parcel
// paid short among the mismatches, the order's flag
// in Needs attention, and the remittance on the order's page; Mark as checked clears them. The page's other
// states are component tests (web/app/routes/admin/admin-cod.test.tsx), the matching integration tests
// (server/http/console/cod-remittances.test.ts); axe-core runs on the page in e2e/admin-phone.spec.ts.

test.use({ viewport: phoneViewport });

test('the owner imports a remittance file and sees the parcel paid short', async ({
  page,
  context,
  server,
  browser,
}) => {
  const shopperContext = await browser.newContext({ baseURL: server.url, viewport: phoneViewport });
  const shopperPage = await shopperContext.newPage();
  await signInBrowser(shopperPage, server, aShopper());
  const orderId = await paidOrderOf(shopperPage.request, server, [{ id: 1, quantity: 1 }]);
  const order = await pickupScheduled(shopperPage.request, orderId);
  await shopperContext.close();
  // COD checkout and delivery are the COD core's: the order is made a delivered COD order, its cash collected.
  await server.db
    .update(orders)
    .set({ paymentMethod: 'COD', paymentStatus: 'collected', status: 'delivered' })
    .where(eq(orders.id, orderId));
  await server.db.update(shipments).set({ stage: 'delivered' }).where(eq(shipments.orderId, orderId));
  const awb = order.shipment?.trackingNumber ?? '';
  const rupees = (order.totalPaise / 100).toFixed(2);
  const short = ((order.totalPaise - 5_000) / 100).toFixed(2);
  const csv = [
    'CRF ID,UTR,Remittance Date,AWB,Order ID,COD Amount,Remitted Amount',
    `8${Date.now()},UTIBN${String(Date.now()).slice(-11)},25-11-2026,${awb},${orderId},${rupees},${short}`,
  ].join('\r\n');

  await signInOwnerByCookie(context, server, 'Asha Rao');
  await page.goto('/admin/cod');
  await expect(page.getByRole('heading', { level: 1, name: 'Cash on delivery' })).toBeVisible();
  const due = page.getByRole('list', { name: 'Cash due' });
  await expect(due.getByRole('link', { name: order.orderNumber })).toBeVisible();

  await page.getByLabel('Remittance file (CSV)').setInputFiles({
    name: 'cod-remittance.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(
    page.getByText('The file is being imported (1 parcel): its progress is shown below.'),
  ).toBeVisible();
  // The import runs as a job; the page follows its progress until it is done.
  await expect(page.getByRole('list', { name: 'Imports' })).toContainText(
    '1 remittance imported with 1 parcel. 1 line does not match: see Mismatches.',
  );
  const mismatches = page.getByRole('list', { name: 'Mismatches' });
  await expect(mismatches).toContainText('Remitted less than the amount to collect.');
  await expect(mismatches).toContainText(`AWB ${awb}`);
  // Other journeys' COD orders may be due on this server: this one is no longer.
  await expect(due.getByRole('link', { name: order.orderNumber })).toHaveCount(0);

  await page.goto('/admin');
  await expect(page.getByRole('link', { name: `Order ${order.orderNumber}` })).toBeVisible();
  await page.getByRole('link', { name: `Order ${order.orderNumber}` }).click();
  const cash = page.getByRole('region', { name: 'Cash on delivery' });
  await expect(detail(cash, 'Remitted by Shiprocket')).toContainText('UTR UTIBN');

  await page.goto('/admin/cod');
  await page.getByRole('button', { name: `Mark as checked: AWB ${awb}` }).click();
  await expect(page.getByText('The mismatch is marked as checked.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Mismatches' }).getByText(`AWB ${awb}`)).toHaveCount(0);
});
