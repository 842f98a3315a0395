import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, max } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminProductReply,
  type AdminProductsReply,
  adminCatalogueMessages,
} from '../../../contracts/admin-catalogue';
import type { ProductListReply, ProductReply } from '../../../contracts/catalogue';
import { auditLog, products, stockMovements } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { newShopper, placePaidOrder } from '../../test/order-helpers';
import { createShopper } from '../../test/shopper-factory';
import { createStaffMember } from '../../test/staff-factory';
import { orderNumberOf } from '../orders/order-view';

let app: TestApp;
let mediaDir: string;
let owner: { authorization: string };
let ownerId: string;
let support: { authorization: string };

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'catalogue-media-'));
  app = await buildTestApp({ jobWorkers: false, productImages: { kind: 'disk', dir: mediaDir } });
  const ownerMember = await createStaffMember(app, { role: 'owner', name: 'Asha Rao' });
  owner = ownerMember.headers;
  ownerId = ownerMember.staffId;
  support = (await createStaffMember(app, { role: 'support' })).headers;
});
afterAll(async () => {
  await app.closeAndDrop();
  await rm(mediaDir, { recursive: true, force: true });
});

/** A product of its own for each test, on sale with two images and 100 in stock unless told otherwise. */
async function insertProduct(overrides: Partial<typeof products.$inferInsert> = {}): Promise<number> {
  const [last] = await app.db.select({ id: max(products.id) }).from(products);
  const id = (last?.id ?? 0) + 1;
  await app.db.insert(products).values({
    id,
    title: `Test mitt ${id}`,
    description: 'A mitt for the tests.',
    pricePaise: 50_000,
    discountPercent: 0,
    rating: 4,
    category: 'bath',
    sku: `TEST-${id}`,
    brand: 'Ottoman',
    weightGrams: 100,
    images: ['/images/products/1-1.svg', '/images/products/1-2.svg'],
    whyChoose: '',
    benefits: [],
    changesObserved: '',
    stock: 100,
    ...overrides,
  });
  return id;
}

function patch(id: number, payload: object, headers = owner) {
  return app.inject({ method: 'PATCH', url: `/api/admin/products/${id}`, headers, payload });
}

async function publicProduct(id: number) {
  return app.inject({ method: 'GET', url: `/api/products/${id}` });
}

function pngOf(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}

function upload(id: number, body: Buffer, contentType = 'image/png', headers = owner) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/products/${id}/images`,
    headers: { ...headers, 'content-type': contentType },
    payload: body,
  });
}

describe('reading the catalogue', () => {
  it('lists every product with its stock, held units and the low-stock flag', async () => {
    const shopper = await newShopper(app, [{ id: 2, quantity: 3 }]);
    await shopper.placeOrder();
    const low = await insertProduct({ stock: 4, lowStockThreshold: 5 });

    const response = await app.inject({ method: 'GET', url: '/api/admin/products', headers: support });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<AdminProductsReply>().products;
    const second = list.find((product) => product.id === 2);
    expect(second).toMatchObject({ stock: 100, held: 3, lowStock: false, active: true });
    expect(second?.image).toMatch(/^\/images\/products\/2-1/);
    expect(list.find((product) => product.id === low)).toMatchObject({ stock: 4, lowStock: true });

    const filtered = await app.inject({
      method: 'GET',
      url: '/api/admin/products?lowStock=1',
      headers: support,
    });
    expect(filtered.json<AdminProductsReply>().products.map((product) => product.id)).toEqual([low]);
  });

  it('shows one product with its movements; an unknown one is a 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/products/1', headers: support });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminProductReply>().product).toMatchObject({ id: 1, movements: [] });
    const missing = await app.inject({ method: 'GET', url: '/api/admin/products/9999', headers: support });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: adminCatalogueMessages.productNotFound });
  });

  it("names a sale's order by its OM number among the movements", async () => {
    const paid = await placePaidOrder(app, { lines: [{ id: 7, quantity: 1 }] });
    const response = await app.inject({ method: 'GET', url: '/api/admin/products/7', headers: support });
    expect(response.json<AdminProductReply>().product.movements[0]).toMatchObject({
      reason: 'sale',
      delta: -1,
      orderId: paid.orderId,
      orderNumber: orderNumberOf(paid.orderId),
    });
  });
});

describe('changing a product', () => {
  it('changes price and discount, and the shop shows them', async () => {
    const id = await insertProduct();
    const response = await patch(id, { price: 1299, discount: 20 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminProductReply>()).toMatchObject({
      message: 'Saved.',
      product: { price: 1299, discount: 20, discountedPrice: 1039 },
    });
    // /api/products/{id} reads the table on every request (the list is cached in process for 30 s).
    const shown = (await publicProduct(id)).json<ProductReply>().product;
    expect(shown).toMatchObject({ price: 1299, discount: 20, discountedPrice: 1039 });
    // The first list read of this app, so not yet a cached snapshot (the list is cached in process for 30 s).
    const list = await app.inject({ method: 'GET', url: '/api/products' });
    const listed = list.json<ProductListReply>().products.find((product) => product.id === id);
    expect(listed).toMatchObject({ price: 1299, discountedPrice: 1039 });
    const [row] = await app.db.select().from(products).where(eq(products.id, id));
    expect(row?.pricePaise).toBe(129_900);
  });

  it('sets an absolute stock count with its movement and audit entry, and clears the low-stock alert', async () => {
    const id = await insertProduct({ stock: 2, lowStockThreshold: 5, lowStockAlertedAt: new Date() });
    const response = await patch(id, { stock: 40 });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<AdminProductReply>().product;
    expect(detail.stock).toBe(40);
    expect(detail.movements[0]).toMatchObject({
      delta: 38,
      reason: 'adjustment',
      orderId: null,
      staffName: 'Asha Rao',
    });
    const movements = await app.db.select().from(stockMovements).where(eq(stockMovements.productId, id));
    expect(movements).toMatchObject([{ delta: 38, reason: 'adjustment', staffId: ownerId }]);
    const [row] = await app.db.select().from(products).where(eq(products.id, id));
    expect(row?.lowStockAlertedAt).toBeNull();
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.update'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ staffId: ownerId, before: { stock: 2 }, after: { stock: 40 } });
  });

  it('sets stock to 0 and the product page reads 0', async () => {
    const id = await insertProduct();
    const response = await patch(id, { stock: 0 });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await app.db.select().from(products).where(eq(products.id, id));
    expect(row?.stock).toBe(0);
    const [movement] = await app.db.select().from(stockMovements).where(eq(stockMovements.productId, id));
    expect(movement?.delta).toBe(-100);
  });

  it('takes a product off sale: the shop no longer lists or shows it', async () => {
    const id = await insertProduct();
    const response = await patch(id, { active: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminProductReply>().product.active).toBe(false);
    const [row] = await app.db.select().from(products).where(eq(products.id, id));
    expect(row?.active).toBe(false);
  });

  it('an inactive product is a 404 on the shop', async () => {
    const id = await insertProduct();
    expect((await publicProduct(id)).statusCode).toBe(200);
    expect((await patch(id, { active: false })).statusCode).toBe(200);
    expect((await publicProduct(id)).statusCode).toBe(404);
  });

  it('reorders and removes images; a product on sale keeps at least one', async () => {
    const id = await insertProduct();
    const reordered = ['/images/products/1-2.svg', '/images/products/1-1.svg'];
    const response = await patch(id, { images: reordered });
    expect(response.statusCode, response.body).toBe(200);
    expect((await publicProduct(id)).json<ProductReply>().product.images).toEqual(reordered);

    const none = await patch(id, { images: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: adminCatalogueMessages.imageNeededOnSale });

    const offSale = await patch(id, { active: false, images: [] });
    expect(offSale.statusCode, offSale.body).toBe(200);

    const foreign = await patch(id, { images: ['https://elsewhere.example/x.png'] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: adminCatalogueMessages.imagesNotOurs });
  });

  it('changes the HSN code and GST rate, with an audit entry; the defaults are 63079090 at 5%', async () => {
    const id = await insertProduct();
    const before = await app.inject({ method: 'GET', url: `/api/admin/products/${id}`, headers: owner });
    expect(before.json<AdminProductReply>().product).toMatchObject({
      hsnCode: '63079090',
      gstRateBasisPoints: 500,
    });

    const response = await patch(id, { hsnCode: '6307', gstRateBasisPoints: 1800 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminProductReply>().product).toMatchObject({
      hsnCode: '6307',
      gstRateBasisPoints: 1800,
    });
    const [row] = await app.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ hsnCode: '6307', gstRateBasisPoints: 1800 });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.update'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({
      before: { hsnCode: '63079090', gstRateBasisPoints: 500 },
      after: { hsnCode: '6307', gstRateBasisPoints: 1800 },
    });
  });

  it('refuses bad values with the field and a clear message', async () => {
    const cases: [object, string, string][] = [
      [{ price: 0 }, 'price', adminCatalogueMessages.priceWhole],
      [{ price: 10.5 }, 'price', adminCatalogueMessages.priceWhole],
      [{ discount: 101 }, 'discount', adminCatalogueMessages.discountRange],
      [{ stock: -1 }, 'stock', adminCatalogueMessages.stockWhole],
      [{ lowStockThreshold: -2 }, 'lowStockThreshold', adminCatalogueMessages.thresholdWhole],
      [{ title: '  ' }, 'title', adminCatalogueMessages.titleRequired],
      [{ hsnCode: '63079' }, 'hsnCode', adminCatalogueMessages.hsnFormat],
      [{ hsnCode: '6307909A' }, 'hsnCode', adminCatalogueMessages.hsnFormat],
      [{ gstRateBasisPoints: 1000 }, 'gstRateBasisPoints', adminCatalogueMessages.gstRateSlab],
      [{ gstRateBasisPoints: '500' }, 'gstRateBasisPoints', adminCatalogueMessages.gstRateSlab],
    ];
    for (const [body, field, message] of cases) {
      const response = await patch(1, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors).toContainEqual({ field, message });
    }
    const empty = await patch(1, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(adminCatalogueMessages.nothingToChange);
  });
});

describe('new products', () => {
  const newProduct = {
    title: 'Loofah mitt',
    description: 'A mitt of loofah.',
    price: 450,
    discount: 10,
    category: 'bath',
    sku: 'LOOFAH-1',
    weightGrams: 120,
    stock: 12,
    lowStockThreshold: 3,
  };

  it('creates a product off sale with the next id; a taken SKU is a 409', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: owner,
      payload: newProduct,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<AdminProductReply>().product;
    const ids = (await app.db.select({ id: products.id }).from(products)).map((row) => row.id);
    expect(created).toMatchObject({ id: Math.max(...ids), active: false, stock: 12, images: [] });
    expect(created.movements).toMatchObject([{ delta: 12, reason: 'adjustment' }]);

    const onSale = await patch(created.id, { active: true });
    expect(onSale.statusCode).toBe(400);
    expect(onSale.json()).toMatchObject({ message: adminCatalogueMessages.imageNeededOnSale });

    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: owner,
      payload: { ...newProduct, title: 'Another' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: adminCatalogueMessages.skuTaken });
  });
});

describe('images', () => {
  it('resizes an upload to 400 and 800 px AVIF and WebP, stores them in the data folder and serves them', async () => {
    const id = await insertProduct();
    const response = await upload(id, await pngOf(1600, 1200));
    expect(response.statusCode, response.body).toBe(200);
    const images = response.json<AdminProductReply>().product.images;
    const url = images.at(-1) ?? '';
    expect(url).toMatch(new RegExp(`^/media/products/${id}/[0-9a-f]{16}-800\\.webp$`));

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const large = await sharp(served.rawPayload).metadata();
    expect(large).toMatchObject({ format: 'webp', width: 800, height: 600 });

    const small = await app.inject({ method: 'GET', url: url.replace('-800.webp', '-400.webp') });
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });

    // docs/architecture.md#product-images: the AVIF twins sit beside the WebP files under the same names.
    for (const width of [400, 800]) {
      const avif = await app.inject({ method: 'GET', url: url.replace('-800.webp', `-${width}.avif`) });
      expect(avif.statusCode).toBe(200);
      expect(avif.headers['content-type']).toBe('image/avif');
      expect(avif.headers['cache-control']).toContain('immutable');
      expect(await sharp(avif.rawPayload).metadata()).toMatchObject({
        format: 'heif',
        compression: 'av1',
        width,
        height: (width * 3) / 4,
      });
    }
    expect((await publicProduct(id)).json<ProductReply>().product.images.at(-1)).toBe(url);
  });

  it('refuses what is not an image with a 400', async () => {
    const id = await insertProduct();
    const response = await upload(id, Buffer.from('%PDF-1.4 not a picture'), 'application/pdf');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Please upload a JPEG, PNG or WebP image.' });
    const disguised = await upload(id, Buffer.from('GIF89a nope'), 'image/png');
    expect(disguised.statusCode).toBe(400);
  });

  it('refuses a file over 8 MB with its own message', async () => {
    const id = await insertProduct();
    const response = await upload(id, Buffer.alloc(8 * 1024 * 1024 + 1), 'image/jpeg');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: adminCatalogueMessages.imageTooLarge });
    const unknown = await upload(999_999, await pngOf(10, 10));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: adminCatalogueMessages.productNotFound });
  });

  it('serves nothing but the images it wrote', async () => {
    const response = await app.inject({ method: 'GET', url: '/media/products/11/..%2F..%2Fsecret.webp' });
    expect(response.statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  it('lets support read but not change', async () => {
    expect((await patch(1, { price: 500 }, support)).statusCode).toBe(403);
    const create = await app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: support,
      payload: {},
    });
    expect(create.statusCode).toBe(403);
    expect((await upload(1, await pngOf(10, 10), 'image/png', support)).statusCode).toBe(403);
  });

  it('refuses a shopper and no session', async () => {
    const shopper = await createShopper(app);
    for (const headers of [shopper.headers, {}]) {
      const list = await app.inject({ method: 'GET', url: '/api/admin/products', headers });
      expect([401, 403]).toContain(list.statusCode);
      expect([401, 403]).toContain((await patch(2, { price: 500 }, headers as typeof owner)).statusCode);
    }
    const [row] = await app.db.select().from(products).where(eq(products.id, 2));
    expect(row?.pricePaise).not.toBe(50_000);
  });

  it('puts every route in the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>().paths;
    expect(Object.keys(paths['/api/admin/products'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths['/api/admin/products/{id}'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'patch']),
    );
    expect(paths['/api/admin/products/{id}/images']?.post?.tags).toEqual(['admin']);
  });
});
