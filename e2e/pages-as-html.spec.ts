import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createStaffMember } from '../server/test/staff-factory';
import type { ShopServer } from './fixtures';
import { expect, test } from './fixtures';
import { signInBrowser } from './support/accounts';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { journeyProducts } from './support/journey-products';

// docs/architecture.md#pages-as-html: the catalogue pages arrive as HTML, readable without JavaScript, and the
// app hydrates them without a mismatch. docs/architecture.md#product-images: what a phone gets of an uploaded
// photo. The HTML itself, its head and the 404 status are server/modules/pages/pages.test.ts.

test.use({ viewport: phoneViewport });

const insertProduct = journeyProducts();

async function insertProductWithUpload(server: ShopServer, title: string): Promise<number> {
  const id = await insertProduct(server, {
    title,
    description: 'A mitt photographed for this journey.',
    images: [],
  });
  const owner = await createStaffMember(server.app, { role: 'owner' });
  const photo = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: '#b5835a' } })
    .png()
    .toBuffer();
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/admin/products/${id}/images`,
    headers: { ...owner.headers, 'content-type': 'image/png' },
    payload: photo,
  });
  expect(response.statusCode, response.body).toBe(200);
  return id;
}

/** React marks each element it has hydrated; the page's heading and footer then belong to the app. */
async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    ['main h1', 'footer'].every((selector) => {
      const element = document.querySelector(selector);
      return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps$'));
    }),
  );
}

/** Console errors and warnings that speak of hydration, collected from the page's start. */
function hydrationComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if ((message.type() === 'error' || message.type() === 'warning') && /hydrat|did not match/i.test(text)) {
      complaints.push(text);
    }
  });
  page.on('pageerror', (error) => complaints.push(error.message));
  return complaints;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor reads a product, a policy and the home page, and its links navigate', async ({ page }) => {
    await page.goto('/product/1');
    await expect(page).toHaveTitle('Face Mitt · Ottoman Mittens');
    await expect(page.getByRole('heading', { level: 1, name: 'Face Mitt' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.locator('s')).toHaveText('₹399');
    await expect(main.getByText('₹239', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why Choose Face Mitt' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Face Mitt, photo 1' })).toBeInViewport();

    // A policy link in the footer is a real link: the browser goes there and the server renders it.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();

    // The home page lists the seven mittens with their prices, and a card opens its page.
    await page.getByRole('link', { name: 'Ottoman Mittens, home' }).click();
    const cards = page.getByRole('region', { name: 'Our Mittens' }).getByRole('article');
    await expect(cards).toHaveCount(7);
    const card = page.getByRole('article', { name: 'Luxury Mitt Black', exact: true });
    await expect(card.getByText('₹599', { exact: true })).toBeVisible();
    await card.getByRole('link', { name: 'Luxury Mitt Black' }).click();
    await expect(page).toHaveURL(/\/product\/7$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Luxury Mitt Black' })).toBeVisible();
  });
});

test('a phone hydrates a policy, a missing product, the home page and a signed-in shopper’s product pages without complaint', async ({
  page,
  server,
}) => {
  // One journey does the work of several former tests: a busy machine needs more than 30 s for it.
  test.slow();
  const complaints = hydrationComplaints(page);
  await page.goto('/shipping-delivery');
  await waitForHydration(page);

  // An unknown product id answers 404 with Product not found, and Return to Home goes home.
  const response = await page.goto('/product/999');
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Our Mittens' })).toBeVisible();

  // The home page hydrates and search filters the grid.
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('combobox', { name: 'Search mittens' }).fill('luxury');
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Search Results' }).getByRole('article')).toHaveCount(3);
  await expectNoAxeViolations(page);

  // A signed-in shopper's product page hydrates; Add to Cart and the wishlist work.
  await signInBrowser(page, server);
  await page.goto('/product/2');
  await waitForHydration(page);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await main.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(main.getByRole('button', { name: 'Remove from wishlist' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
  await expectNoAxeViolations(page);

  // An uploaded photo reaches a phone as AVIF at the width it is drawn, first and with its size.
  const title = `Photographed mitt ${Date.now()}`;
  const id = await insertProductWithUpload(server, title);
  await page.goto(`/product/${id}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const image = page.getByRole('img', { name: `${title}, photo 1` });
  await expect(image).toHaveAttribute('fetchpriority', 'high');
  await expect(image).toHaveAttribute('width', '600');
  await expect(image).toHaveAttribute('height', '600');
  await expect(image).not.toHaveAttribute('loading', 'lazy');
  await expect(page.locator('picture source[type="image/avif"]').first()).toHaveAttribute(
    'srcset',
    new RegExp(
      `^/media/products/${id}/[0-9a-f]{16}-400\\.avif 400w, /media/products/${id}/[0-9a-f]{16}-800\\.avif 800w$`,
    ),
  );
  // A 390 px wide phone at 1x draws the photo across the page: the 400 px AVIF is enough.
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.currentSrc : '')))
    .toMatch(/-400\.avif$/);
  // Decoded (naturalWidth is scaled by the srcset's density, so only "not broken" is asserted).
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  expect(complaints).toEqual([]);
});
