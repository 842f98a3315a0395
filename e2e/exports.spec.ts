import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './fixtures';
import { signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { signInOwnerByCookie } from './support/console-journeys';
import { paidOrderOf } from './support/orders-journey';
import { orderOf } from './support/shop';

// docs/operations.md#exports: the owner downloads the accountant's files from the Orders page on a phone: the
// orders CSV of today (India's day), and this month's GSTR-1 zip.

test.use({ viewport: phoneViewport });

const istToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

test("an owner downloads today's orders CSV and this month's GSTR-1 files", async ({
  page,
  context,
  server,
  browser,
}) => {
  const shopperContext = await browser.newContext({ baseURL: server.url });
  const shopperPage = await shopperContext.newPage();
  await signInBrowser(shopperPage, server);
  const orderId = await paidOrderOf(shopperPage.request, server, [{ id: 1, quantity: 2 }]);
  const order = await orderOf(shopperPage.request, orderId);
  await shopperContext.close();
  await signInOwnerByCookie(context, server, 'Asha Rao');

  const today = istToday();
  await page.goto(`/admin/orders?from=${today}&to=${today}`);
  const downloads = page.getByRole('region', { name: 'Downloads' });
  const ordersLink = downloads.getByRole('link', { name: /^Orders CSV, / });
  await expect(ordersLink).toBeVisible();
  await expectNoAxeViolations(page);

  const downloadingCsv = page.waitForEvent('download');
  await ordersLink.click();
  const csv = await downloadingCsv;
  expect(csv.suggestedFilename()).toBe(`orders-${today}-to-${today}.csv`);
  const rows = parse(await readFile(await csv.path(), 'utf8'), { bom: true, columns: true }) as Record<
    string,
    string
  >[];
  const row = rows.find((candidate) => candidate['Order number'] === order.orderNumber);
  expect(row?.['Placed at (IST)']).toMatch(new RegExp(`^${today} \\d{2}:\\d{2}:\\d{2}$`));
  expect(row?.['Invoice number']).toMatch(/^INV\/\d{4}\/\d{6}$/);
  expect(row?.Items).toBe('2');
  expect(row?.['Total (INR)']).toBe((order.totalPaise / 100).toFixed(2));

  const month = today.slice(0, 7);
  await downloads.getByLabel('GSTR-1 month').fill(month);
  const downloadingZip = page.waitForEvent('download');
  await downloads.getByRole('link', { name: /^GSTR-1 files for .+ \(zip\)$/ }).click();
  const zip = await downloadingZip;
  // Named for the settings' GSTIN too once there is one (docs/operations.md#gstr1-export).
  expect(zip.suggestedFilename()).toMatch(new RegExp(`^gstr1-([0-9A-Z]{15}-)?${month}\\.zip$`));
  const files = unzipSync(await readFile(await zip.path()));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['b2cs.csv', 'hsn(b2c).csv', 'docs.csv']));
  expect(strFromU8(files['docs.csv'] ?? new Uint8Array())).toMatch(
    /^Nature of Document,.*\r\nInvoices for outward supply,INV\//,
  );
});
