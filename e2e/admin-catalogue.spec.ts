import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { products } from '../server/db/schema';
import { createStaffMember } from '../server/test/staff-factory';
import { expect, type ShopServer, test } from './fixtures';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { signInAsNewOwner } from './support/console';
import { journeyProducts } from './support/journey-products';

// The owner's catalogue on a phone: a product's price, stock and images changed in the console, and what the
// shop then shows (docs/product.md#console-catalogue).

test.use({ viewport: phoneViewport });

const insertProduct = journeyProducts();

async function stockOf(server: ShopServer, id: number): Promise<number | undefined> {
  const [row] = await server.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row?.stock;
}

test('the owner sets a price, a stock count and an image, and the shop shows them', async ({
  page,
  server,
  browser,
}) => {
  test.slow();
  const title = `Journey mitt ${Date.now()}`;
  const id = await insertProduct(server, { title });

  await signInAsNewOwner(page, server);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('₹600');
  await expectNoAxeViolations(page);

  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectNoAxeViolations(page);

  // A price the form refuses, then the right one.
  await page.getByLabel('Price (MRP, ₹)').fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please give the price in whole rupees, more than 0.').first()).toBeVisible();
  await expect(page.getByLabel('Price (MRP, ₹)')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Price (MRP, ₹)').fill('1299');
  await page.getByLabel('Discount (%)').fill('20');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  await page.getByLabel('Stock (units on the shelf)').fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('table')).toContainText('-30');
  await expect(page.getByRole('table')).toContainText('Meera Das');
  expect(await stockOf(server, id)).toBe(0);
  const reply = await page.request.get(`/api/products/${id}`);
  expect((await reply.json()).product).toMatchObject({ price: 1299, discountedPrice: 1039 });

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

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Dashboard' }).click();
  const lowStock = page.getByRole('region', { name: 'Low stock' });
  await expect(lowStock.getByRole('link', { name: title })).toBeVisible();
  await expect(lowStock).toContainText(`${title}: 0 left (threshold 5)`);
  await expectNoAxeViolations(page);

  // The shop's home page after the change: the catalogue is read afresh on every request.
  const shopper = await browser.newContext({ baseURL: server.url, viewport: phoneViewport });
  const home = await shopper.newPage();
  await home.goto('/');
  await home.reload();
  await expect(home.getByRole('article').filter({ hasText: title }).getByText('₹1,039')).toBeVisible();
  // The count of 0 the owner saved above: the shopper's page of the product cannot sell it.
  await home.goto(`/product/${id}`);
  await expect(home.getByRole('main').getByText('Out of stock')).toBeVisible();
  await expect(home.getByRole('main').getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await shopper.close();
});

test("the shopper's page of a product with no stock says Out of stock", async ({ page, server }) => {
  const title = `Sold-out mitt ${Date.now()}`;
  const id = await insertProduct(server, { title });
  const owner = await createStaffMember(server.app, { role: 'owner' });
  const response = await server.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${id}`,
    headers: owner.headers,
    payload: { stock: 0 },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(await stockOf(server, id)).toBe(0);

  await page.goto(`/product/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Out of stock')).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
});
