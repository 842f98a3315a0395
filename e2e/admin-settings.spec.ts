import { eq } from 'drizzle-orm';
import { products, shopSettings } from '../server/db/schema';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { signInAsNewOwner } from './support/console';
import { journeyProducts } from './support/journey-products';

// The owner on a phone fills in the seller's details for tax invoices and sets a product's GST rate
// (docs/product.md#seller-settings).

test.use({ viewport: phoneViewport });

let savedSettings: typeof shopSettings.$inferSelect | undefined;
const insertProduct = journeyProducts();

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

test('the owner fills in the seller’s details and a product’s GST rate', async ({ page, server }) => {
  test.slow();
  const title = `Tax mitt ${Date.now()}`;
  const productId = await insertProduct(server, { title, images: [], active: false, stock: 10 });

  await signInAsNewOwner(page, server);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(
    page.getByText('a change here affects only invoices and credit notes issued after you save it'),
  ).toBeVisible();

  await page.getByLabel('Legal name').fill('Ottoman Mittens Private Limited');
  await page.getByLabel('Address line 1').fill('12 MG Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('Pincode').fill('560001');
  await page.getByLabel('State').selectOption({ label: 'Delhi (07)' });
  await page.getByLabel('GSTIN').fill('29AAGCB7383J1Z5');
  await page.getByLabel('Invoice number prefix (up to 4 letters, digits or -)').fill('OM');
  await page.getByLabel('Credit note number prefix (up to 4 letters, digits or -)').fill('OMCN');
  await page.getByLabel('Dispatch time (working days, 0 to 30)').fill('3');
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
    page.getByText('The state must match the GSTIN’s first two digits (29 is Karnataka).').first(),
  ).toBeVisible();
  await expect(page.getByLabel('State')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('State').selectOption({ label: 'Karnataka (29)' });
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Settings saved. Invoices and credit notes issued from now on use them.' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByLabel('GSTIN')).toHaveValue('29AAGCB7383J1Z4');
  await expect(page.getByLabel('State')).toHaveValue('29');
  const [row] = await server.db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  expect(row).toMatchObject({
    legalName: 'Ottoman Mittens Private Limited',
    invoicePrefix: 'OM',
    dispatchDays: 3,
  });

  await page.goto(`/admin/products/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByLabel('GST rate')).toHaveValue('500');
  await page.getByLabel('HSN code (4, 6 or 8 digits)').fill('63079');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please give an HSN code of 4, 6 or 8 digits.').first()).toBeVisible();
  await page.getByLabel('HSN code (4, 6 or 8 digits)').fill('6307');
  await page.getByLabel('GST rate').selectOption({ label: '18%' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.getByLabel('GST rate')).toHaveValue('1800');
  const [product] = await server.db.select().from(products).where(eq(products.id, productId));
  expect(product).toMatchObject({ hsnCode: '6307', gstRateBasisPoints: 1800 });
});
