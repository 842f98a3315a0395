import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/catalogue';
import { products } from '../../db/schema';
import { seedCatalogue } from '../../db/seed';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAndDrop());

// docs/product.md#entities: the 7 products, all at 40% off; discounted price = round(price x 0.6) (docs/product.md#money).
const specTable = [
  { id: 1, title: 'Face Mitt', price: 399, discountedPrice: 239, rating: 4, category: 'bath' },
  { id: 2, title: 'For Normal Skin', price: 949, discountedPrice: 569, rating: 5, category: 'gloves' },
  { id: 3, title: 'For Sensitive Skin', price: 949, discountedPrice: 569, rating: 3, category: 'bath' },
  { id: 4, title: 'Luxury Mitt', price: 999, discountedPrice: 599, rating: 4, category: 'premium' },
  { id: 5, title: 'Luxury Soft Mitt', price: 899, discountedPrice: 539, rating: 4, category: 'gloves' },
  { id: 6, title: 'Soft Mitt', price: 649, discountedPrice: 389, rating: 5, category: 'premium' },
  { id: 7, title: 'Luxury Mitt Black', price: 999, discountedPrice: 599, rating: 5, category: 'premium' },
];

describe('GET /api/products', () => {
  it('serves the 7 products of the spec with every field', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ products: Product[] }>().products;
    expect(
      list.map(({ id, title, price, discountedPrice, rating, category }) => ({
        id,
        title,
        price,
        discountedPrice,
        rating,
        category,
      })),
    ).toEqual(specTable);
    for (const product of list) {
      expect(product.discount).toBe(40);
      expect(product.brand).toBe('Ottoman');
      expect(product.description.length).toBeGreaterThan(20);
      expect(product.images).toHaveLength(3);
      expect(product.img).toBe(product.images[0]);
      expect(product.weight).toBeGreaterThan(0);
      expect(product.details.benefits).toHaveLength(5);
      expect(product.details.whyChoose.length).toBeGreaterThan(20);
      expect(product.details.changesObserved.length).toBeGreaterThan(20);
    }
    expect(new Set(list.map((product) => product.sku)).size).toBe(7);
  });

  it('points every image at files the app ships: AVIF and WebP at both widths (docs/architecture.md#seed-images)', async () => {
    const list = (await app.inject({ method: 'GET', url: '/api/products' })).json<{ products: Product[] }>()
      .products;
    for (const image of list.flatMap((product) => product.images)) {
      expect(image).toMatch(/^\/images\/products\/\d-\d-800\.webp$/);
      for (const variant of ['-400.avif', '-400.webp', '-800.avif', '-800.webp']) {
        const file = `web/public${image.replace(/-800\.webp$/, variant)}`;
        expect(existsSync(file), file).toBe(true);
      }
    }
  });

  it('answers a revalidation with 304 when nothing changed', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/products' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    const second = await app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'if-none-match': String(etag) },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });
  it('follows any write to the table on the next request, even one that does not stamp updated_at', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/products' });
    await app.db.update(products).set({ discountPercent: 50 }).where(eq(products.id, 2));
    try {
      const after = await app.inject({
        method: 'GET',
        url: '/api/products',
        headers: { 'if-none-match': String(before.headers.etag) },
      });
      expect(after.statusCode).toBe(200);
      const mitt = after.json<{ products: Product[] }>().products.find((product) => product.id === 2);
      expect(mitt?.discountedPrice).toBe(475);
    } finally {
      await app.db.update(products).set({ discountPercent: 40 }).where(eq(products.id, 2));
    }
  });
});

describe('GET /api/products/:id', () => {
  it('serves one product', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/products/1' });
    expect(response.statusCode).toBe(200);
    const { product } = response.json<{ product: Product }>();
    expect(product).toMatchObject({
      id: 1,
      title: 'Face Mitt',
      price: 399,
      discount: 40,
      discountedPrice: 239,
    });
  });

  it.each([
    '8',
    '999999999',
    '0',
    '-1',
    '1.5',
    'abc',
    '1e2',
    '01',
    '%27%20or%201%3D1',
    '9999999999999999999999',
  ])('answers an unknown or malformed id %s with 404 Product not found', async (id) => {
    const response = await app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Product not found' });
  });
});

describe('catalogue seeding', () => {
  it('never overwrites what the shop owner changed', async () => {
    await app.db.update(products).set({ pricePaise: 45_000 }).where(eq(products.id, 1));
    await seedCatalogue(app.db);
    const [row] = await app.db.select().from(products).where(eq(products.id, 1));
    expect(row?.pricePaise).toBe(45_000);
    await app.db.update(products).set({ pricePaise: 39_900 }).where(eq(products.id, 1));
  });

  it('keeps money in paise in the database', async () => {
    const [row] = await app.db.select().from(products).where(eq(products.id, 4));
    expect(row?.pricePaise).toBe(99_900);
  });
});
