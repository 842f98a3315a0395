import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AdminStatsReply } from '../contracts/admin-stats';
import { products, shopSettings } from '../server/db/schema';
import { expect, type ShopServer, test } from './fixtures';
import { aShopper, signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { insertPaidOrder, openConsolePage, signInOwnerByCookie } from './support/console-journeys';
import { journeyProducts } from './support/journey-products';

// The owner's shop on a phone, signed in by cookie: the sales charts drawn from paid orders
// (docs/product.md#sales-charts), a product's price, stock, image and GST rate changed and what the shop
// then shows (docs/product.md#console-catalogue), and the seller's details filled in on a fresh shop, which the
// invoices and the policies then show (docs/product.md#seller-settings); at 390 px the shop's header wordmark
// keeps clear of the wishlist badge. The forms' refusals are component tests beside the forms.

test.use({ viewport: phoneViewport });

const insertProduct = journeyProducts();
let savedSettings: typeof shopSettings.$inferSelect | undefined;

// Other journeys share the database: the settings row goes back as it was.
test.beforeEach(async ({ server }) => {
  [savedSettings] = await server.db.select().from(shopSettings).where(eq(shopSettings.id, 1));
});
test.afterEach(async ({ server }) => {
  if (savedSettings) {
    const { id: _id, ...columns } = savedSettings;
    await server.db.update(shopSettings).set(columns).where(eq(shopSettings.id, 1));
  }
});

async function productRow(server: ShopServer, id: number) {
  const [row] = await server.db.select().from(products).where(eq(products.id, id));
  return row;
}

test('the owner reads the sales charts, changes a product and the seller’s details, and the shop shows them', async ({
  page,
  context,
  server,
  browser,
}) => {
  // What three journeys did (three console pages, an image upload, the shop's pages, eight axe checks): six
  // times one page's 30 s.
  test.setTimeout(180_000);
  const title = `Journey mitt ${Date.now()}`;
  const id = await insertProduct(server, { title });
  const owner = await signInOwnerByCookie(context, server, 'Meera Das');
  const statsNow = async () =>
    (await (
      await page.request.get('/api/admin/stats?days=30', { headers: owner.headers })
    ).json()) as AdminStatsReply;
  const before = await statsNow();
  const units = (stats: AdminStatsReply, productId: number) =>
    stats.unitsByProduct.find((entry) => entry.productId === productId)?.units ?? 0;
  const cardBefore = before.paymentMethods.find((entry) => entry.method === 'card')?.orders ?? 0;
  await insertPaidOrder(server, { productId: 5, units: 3, totalPaise: 250_000, daysAgo: 0, method: 'card' });
  await insertPaidOrder(server, { productId: 6, units: 2, totalPaise: 120_000, daysAgo: 2, method: 'upi' });
  const after = await statsNow();
  const today = after.daily.at(-1);
  if (!today) throw new Error('no days in the stats');
  expect(today.orders).toBe((before.daily.at(-1)?.orders ?? 0) + 1);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const charts = page.getByRole('region', { name: 'Sales at a glance' });
  for (const name of ['Revenue and paid orders by day', 'Units sold by product', 'Card and UPI']) {
    const section = charts.getByRole('region', { name });
    await expect(section.getByRole('img', { name: new RegExp(`^${name}`) }).locator('canvas')).toHaveCount(1);
  }
  await charts.getByText('Revenue and paid orders by day: the numbers').click();
  const daily = charts.getByRole('table', { name: 'Revenue and paid orders by day, oldest first' });
  await expect(daily.getByRole('row')).toHaveCount(31);
  const lastRow = daily.getByRole('row').last();
  await expect(lastRow.getByRole('cell').nth(1)).toHaveText(String(today.orders));
  await expect(lastRow.getByRole('cell').first()).toHaveText(
    `₹${today.revenueRupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  );
  await charts.getByText('Units sold by product: the numbers').click();
  const unitsTable = charts.getByRole('table', { name: 'Units sold by product, most first' });
  await expect(unitsTable.getByRole('row').filter({ hasText: /^#5 / }).getByRole('cell')).toHaveText(
    String(units(before, 5) + 3),
  );
  await expect(unitsTable.getByRole('row').filter({ hasText: /^#6 / }).getByRole('cell')).toHaveText(
    String(units(before, 6) + 2),
  );
  await charts.getByText('Card and UPI: the numbers').click();
  const methods = charts.getByRole('table', { name: 'Paid orders by payment method' });
  await expect(methods.getByRole('row', { name: /^Card/ }).getByRole('cell').first()).toHaveText(
    String(cardBefore + 1),
  );
  await expectNoAxeViolations(page);
  await charts.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(charts.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(daily.getByRole('row')).toHaveCount(91);
  await expect(
    charts.getByRole('img', { name: /^Revenue and paid orders by day/ }).locator('canvas'),
  ).toHaveCount(1);

  await openConsolePage(page, 'Products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('₹600');
  await expectNoAxeViolations(page);
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Price (MRP, ₹)').fill('1299');
  await page.getByLabel('Discount (%)').fill('20');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.getByLabel('Stock (units on the shelf)').fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('table')).toContainText('-30');
  await expect(page.getByRole('table')).toContainText('Meera Das');
  expect((await productRow(server, id))?.stock).toBe(0);
  const reply = await page.request.get(`/api/products/${id}`);
  expect((await reply.json()).product).toMatchObject({ price: 1299, discountedPrice: 1039 });

  await expect(page.getByLabel('GST rate')).toHaveValue('500');
  await page.getByLabel('HSN code (4, 6 or 8 digits)').fill('6307');
  await page.getByLabel('GST rate').selectOption({ label: '18%' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('GST rate')).toHaveValue('1800');
  await expect
    .poll(async () => {
      const row = await productRow(server, id);
      return { hsnCode: row?.hsnCode, gstRateBasisPoints: row?.gstRateBasisPoints };
    })
    .toEqual({ hsnCode: '6307', gstRateBasisPoints: 1800 });

  const png = await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel('Add an image (JPEG, PNG or WebP, at most 8 MB)')
    .setInputFiles({ name: 'blue-mitt.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('status').filter({ hasText: 'Image added.' })).toBeVisible();
  const added = page.getByRole('img', { name: `${title}, view 3` });
  await expect(added).toHaveAttribute('src', new RegExp(`^/media/products/${id}/[0-9a-f]{16}-800\\.webp$`));
  await expect.poll(() => added.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800);
  await page.getByRole('button', { name: 'Move up image 3' }).click();
  await expect(page.getByRole('img', { name: `${title}, view 2` })).toHaveAttribute(
    'src',
    /\/media\/products\//,
  );
  await expectNoAxeViolations(page);

  // The seller's details on a fresh shop (docs/operations.md#seller-details: it starts with none; other journeys
  // on this server may have saved some); the form's other refusals are in shop-settings-form.test.tsx.
  await server.db
    .update(shopSettings)
    .set({
      legalName: '',
      addressLine1: '',
      addressLine2: '',
      city: '',
      pincode: '',
      stateCode: '',
      gstin: '',
      careEmail: '',
      carePhone: '',
      grievanceOfficerName: '',
      grievanceOfficerDesignation: '',
      grievanceOfficerEmail: '',
      grievanceOfficerPhone: '',
    })
    .where(eq(shopSettings.id, 1));
  await openConsolePage(page, 'Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(
    page.getByText('a change here affects only invoices and credit notes issued after you save it'),
  ).toBeVisible();
  const prompt = page.getByRole('region', { name: 'Fill in your seller details' });
  await expect(prompt).toContainText(
    'Still missing: the seller’s legal name, address and GSTIN, customer care’s e-mail, customer care’s phone and the grievance officer.',
  );
  await page.getByLabel('Legal name').fill('Silk Route Textiles LLP');
  await page.getByLabel('Address line 1').fill('4 Residency Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('Pincode', { exact: true }).fill('560025');
  await page.getByLabel('State').selectOption({ label: 'Karnataka (29)' });
  await page.getByLabel('Customer care e-mail').fill('care@silkroute.test');
  await page.getByLabel('Customer care phone', { exact: false }).fill('080 4567 8901');
  await page.getByLabel('Grievance officer’s name').fill('Meena Pillai');
  await page.getByLabel('Grievance officer’s designation').fill('Grievance Officer');
  await page.getByLabel('Grievance officer’s e-mail').fill('grievance@silkroute.test');
  await page.getByLabel('Grievance officer’s phone').fill('+91 98450 12345');
  await page.getByLabel('GSTIN').fill('29AAGCB7383J1Z5');
  await page.getByLabel('Invoice number prefix (up to 4 letters, digits or -)').fill('OM');
  await page.getByLabel('Credit note number prefix (up to 4 letters, digits or -)').fill('OMCN');
  await page.getByLabel('Dispatch time (days from payment to the courier, 0 to 30)').fill('3');
  await page.getByRole('button', { name: 'Save settings' }).click();
  const gstin = page.getByLabel('GSTIN');
  await expect(gstin).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page
      .getByText('The GSTIN’s last character does not match: please check it for a typing mistake.')
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await gstin.fill('29AAGCB7383J1Z4');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Settings saved. Invoices and credit notes issued from now on use them.' }),
  ).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expect(page.getByLabel('GSTIN')).toHaveValue('29AAGCB7383J1Z4');
  await expect(page.getByLabel('State')).toHaveValue('29');
  const [settingsRow] = await server.db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  expect(settingsRow).toMatchObject({
    legalName: 'Silk Route Textiles LLP',
    careEmail: 'care@silkroute.test',
    gstin: '29AAGCB7383J1Z4',
    stateCode: '29',
    invoicePrefix: 'OM',
    dispatchDays: 3,
  });

  await openConsolePage(page, 'Dashboard');
  const lowStock = page.getByRole('region', { name: 'Low stock' });
  await expect(lowStock.getByRole('link', { name: title })).toBeVisible();
  await expect(lowStock).toContainText(`${title}: 0 left (threshold 5)`);
  await expectNoAxeViolations(page);

  // The shop after the change: its pages read the catalogue afresh on every request, and the count of 0
  // saved above means the product's page cannot sell it.
  const shopper = await browser.newContext({ baseURL: server.url, viewport: phoneViewport });
  const home = await shopper.newPage();
  await home.goto('/');
  const article = home.getByRole('article').filter({ hasText: title });
  await expect(article.getByText('₹1,039')).toBeVisible();
  await article.getByRole('link', { name: title }).click();
  await expect(home.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(home.getByRole('main').getByText('Out of stock')).toBeVisible();
  // docs/product.md#notify-me: "Notify me" stands where Add to Cart was (for a visitor, a link to sign in).
  await expect(home.getByRole('main').getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(home.getByRole('main').getByRole('link', { name: 'Notify me' })).toBeVisible();

  // At 390 px the header's wordmark keeps clear of the wishlist and its badge, even beside a long greeting
  // (issue 43: they touched).
  await signInBrowser(home, server, aShopper({ firstName: 'Venkataramanan' }));
  await home.goto('/');
  await expect(home.getByRole('button', { name: /^Hi, Venkataramanan/ })).toBeVisible();
  const wordmark = await home.locator('.site-logo__name').boundingBox();
  const wishlist = home.getByRole('link', { name: /^Wishlist/ });
  const heart = await wishlist.boundingBox();
  const badge = await wishlist.locator('.badge').boundingBox();
  if (!wordmark || !heart || !badge) throw new Error('no wordmark or wishlist');
  expect(wordmark.x + wordmark.width, 'the wordmark ends before the wishlist').toBeLessThan(
    Math.min(heart.x, badge.x),
  );
  expect(await home.evaluate(() => document.documentElement.scrollWidth)).toBe(phoneViewport.width);

  // The policies name the seller, customer care and the grievance officer the owner saved (the pages render
  // again on a change of the settings, a moment later).
  await expect(async () => {
    await home.goto('/cancellation-refund');
    await expect(home.getByRole('contentinfo')).toContainText(
      'Sold by Silk Route Textiles LLP, 4 Residency Road, Bengaluru 560025, Karnataka',
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 15_000 });
  const officer = home.locator('#grievance-officer');
  await expect(officer).toContainText('Meena Pillai, Grievance Officer');
  await expect(officer.getByRole('link', { name: 'grievance@silkroute.test' })).toBeVisible();
  // Customer care's phone as the settings keep it (docs/product.md#seller-and-grievance-officer).
  await expect(officer.getByRole('link', { name: '+91 80 4567 8901' })).toHaveAttribute(
    'href',
    'tel:+918045678901',
  );
  await expect(home.getByRole('main')).toContainText('care@silkroute.test');
  expect(await home.getByRole('main').textContent()).not.toMatch(/ottomanmittens|Hauz Khas|98100 45210/);
  await expectNoAxeViolations(home);
  await shopper.close();
});
