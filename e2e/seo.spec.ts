import sharp from 'sharp';
import { createStaffMember } from '../server/test/staff-factory';
import { expect, type ShopServer, test } from './fixtures';
import { expectNoAxeViolations, phoneViewport } from './support/axe';
import { journeyProducts } from './support/journey-products';

// docs/architecture.md#product-images and #seo: what a phone and a crawler get.

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

test('an uploaded photo reaches a phone as AVIF at the width it is drawn, first and with its size', async ({
  page,
  server,
}) => {
  const title = `Photographed mitt ${Date.now()}`;
  const id = await insertProductWithUpload(server, title);
  await page.goto(`/product/${id}`);
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
});

test('a seed product keeps its SVG as a plain image with its size', async ({ page }) => {
  await page.goto('/product/1');
  const image = page.getByRole('img', { name: 'Face Mitt, photo 1' });
  await expect(image).toHaveAttribute('src', '/images/products/1-1.svg');
  await expect(image).toHaveAttribute('fetchpriority', 'high');
  await expect(image).toHaveAttribute('width', '600');
  await expect(page.locator('picture')).toHaveCount(0);
});

test('robots.txt and the sitemap answer crawlers', async ({ page, server }) => {
  const robots = await page.request.get('/robots.txt');
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(await robots.text()).toContain(`Sitemap: ${server.app.config.publicUrl}/sitemap.xml`);
  const sitemap = await page.request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  expect(await sitemap.text()).toContain(`<loc>${server.app.config.publicUrl}/product/7</loc>`);
  // The share pictures link previews use are served as files.
  const share = await page.request.get('/images/share/1-1.jpg');
  expect(share.headers()['content-type']).toBe('image/jpeg');
});
