import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductListReply } from '../../../contracts/catalogue';
import { type App, buildApp } from '../../app';
import { createCatalogueVersions, LISTENER_APPLICATION_NAME } from '../../db/change-events';
import { products, shopSettings } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createStaffMember } from '../../test/staff-factory';
import { testAppConfig } from '../../test/test-config';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';

// docs/operations.md#catalogue-cache: the catalogue and the settings are kept in memory per version, and the
// versions move when the database notifies a change.

/** Waits for what another process's listening connection hears: a notification takes a moment to arrive. */
const notificationArrives = { timeout: 10_000, interval: 20 };

describe('the versions', () => {
  it('are unknown until listening, and move on a change of their table and on listening again', () => {
    const versions = createCatalogueVersions();
    expect(versions.of('products')).toBeUndefined();
    versions.handlers.listening();
    const products = versions.of('products');
    const settings = versions.of('shop_settings');
    expect(products).toBeDefined();

    versions.handlers.notified('shop_settings');
    expect(versions.of('products')).toBe(products);
    expect(versions.of('shop_settings')).not.toBe(settings);

    const beforeLoss = versions.of('products');
    versions.handlers.lost(new Error('connection reset'));
    expect(versions.of('products')).toBeUndefined();
    versions.handlers.listening();
    // A change made while nobody listened was not heard: what was kept before is not trusted.
    expect(versions.of('products')).not.toBe(beforeLoss);
  });
});

describe('what the trigger notifies', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ jobWorkers: false });
  });
  afterAll(() => app.closeAndDrop());

  /** Changes the settings (which notifies) and waits for it: every notification sent before it has arrived too. */
  async function settle() {
    const before = app.catalogueVersions.of('shop_settings');
    await app.db.update(shopSettings).set({ dispatchDays: sql`${shopSettings.dispatchDays}` });
    await expect.poll(() => app.catalogueVersions.of('shop_settings'), notificationArrives).not.toBe(before);
  }

  async function productsVersionAfter(change: () => Promise<unknown>) {
    const before = app.catalogueVersions.of('products');
    await change();
    await settle();
    return { before, after: app.catalogueVersions.of('products') };
  }

  it('stays quiet on a sale that leaves units, its low-stock flag and its timestamp', async () => {
    const { before, after } = await productsVersionAfter(() =>
      app.db
        .update(products)
        .set({ stock: sql`${products.stock} - 1`, updatedAt: sql`now()`, lowStockAlertedAt: sql`now()` })
        .where(eq(products.id, 3)),
    );
    expect(after).toBe(before);
  });

  it('speaks when a product sells out or comes back, or a shown field changes', async () => {
    const [row] = await app.db.select().from(products).where(eq(products.id, 3));
    if (!row) throw new Error('product 3 is seeded');
    const set = (values: Partial<typeof products.$inferInsert>) =>
      productsVersionAfter(() => app.db.update(products).set(values).where(eq(products.id, 3)));
    for (const change of [
      { stock: 0 },
      { stock: row.stock },
      { pricePaise: row.pricePaise + 100 },
      { title: `${row.title}!` },
      { active: false },
    ]) {
      const { before, after } = await set(change);
      expect(after, JSON.stringify(change)).not.toBe(before);
    }
    await app.db.update(products).set(row).where(eq(products.id, 3));
  });

  it('shows the next list at once in the process that made the change', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/products' });
    await app.db.update(products).set({ stock: 0 }).where(eq(products.id, 4));
    try {
      const after = (await app.inject({ method: 'GET', url: '/api/products' })).json<ProductListReply>();
      expect(after.products.find((product) => product.id === 4)?.inStock).toBe(false);
      expect(before.json<ProductListReply>().products.find((product) => product.id === 4)?.inStock).toBe(
        true,
      );
    } finally {
      await app.db.update(products).set({ stock: 100 }).where(eq(products.id, 4));
    }
  });
});

describe('the list as ready bytes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ jobWorkers: false });
  });
  afterAll(() => app.closeAndDrop());

  it.each(['br', 'gzip'])(
    'sends it %s-compressed, the same list and ETag as uncompressed',
    async (encoding) => {
      const plain = await app.inject({ method: 'GET', url: '/api/products' });
      const compressed = await app.inject({
        method: 'GET',
        url: '/api/products',
        headers: { 'accept-encoding': `${encoding}, identity;q=0.5` },
      });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toBe('accept-encoding');
      expect(compressed.headers.etag).toBe(plain.headers.etag);
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      const unpacked =
        encoding === 'br' ? brotliDecompressSync(compressed.rawPayload) : gunzipSync(compressed.rawPayload);
      expect(unpacked.equals(plain.rawPayload)).toBe(true);
    },
  );

  it('sends it as it is when the client takes no encoding the shop has', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'accept-encoding': 'deflate' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json<ProductListReply>().products).toHaveLength(7);
  });
});

// Two apps on one PostgreSQL database stand for two processes: each has its own memory and its own listening
// connection (docs/operations.md#scaling-out).
const template = inject('databaseTemplate');
describe.skipIf(template.kind !== 'postgres')('two processes on one PostgreSQL (PostgreSQL run only)', () => {
  let database: TestDatabase;
  let a: App;
  let b: App;
  beforeAll(async () => {
    database = await createTestDatabase(template);
    const config = testAppConfig(database.url, { jobWorkers: false });
    [a, b] = await Promise.all([buildApp(config, { logger: false }), buildApp(config, { logger: false })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  async function listedPrice(app: App, id: number): Promise<number | undefined> {
    const reply = await app.inject({ method: 'GET', url: '/api/products' });
    return reply.json<ProductListReply>().products.find((product) => product.id === id)?.price;
  }

  it("shows a price changed in one process's console in the other's list", async () => {
    const owner = (await createStaffMember(a, { role: 'owner' })).headers;
    expect(await listedPrice(b, 5)).toBe(899);
    const saved = await a.inject({
      method: 'PATCH',
      url: '/api/admin/products/5',
      headers: owner,
      payload: { price: 1099 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect.poll(() => listedPrice(b, 5), notificationArrives).toBe(1099);
  });

  it('reads the table again once its listening connection, lost and regained, may have missed a change', async () => {
    const listenerPid = async () => {
      const { rows } = await b.executeSql(
        'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
        [LISTENER_APPLICATION_NAME],
      );
      return (rows as { pid: number }[]).map((row) => row.pid);
    };
    const before = await listedPrice(b, 6);
    expect(before).toBe(649);
    // A change nobody is told of, as one made while the connection was down would be.
    await b.executeSql('alter table products disable trigger products_shown_change_notify');
    try {
      await a.db.update(products).set({ pricePaise: 70_000 }).where(eq(products.id, 6));
      expect(await listedPrice(b, 6)).toBe(before);

      const listeners = await listenerPid();
      expect(listeners).toHaveLength(2);
      await b.executeSql(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [LISTENER_APPLICATION_NAME],
      );
      // Both processes listen again on new connections.
      await expect
        .poll(
          async () => (await listenerPid()).filter((pid) => !listeners.includes(pid)).length,
          notificationArrives,
        )
        .toBe(2);
      await expect.poll(() => b.catalogueVersions.of('products'), notificationArrives).toBeDefined();
      expect(await listedPrice(b, 6)).toBe(700);
      expect(await listedPrice(a, 6)).toBe(700);
    } finally {
      await b.executeSql('alter table products enable trigger products_shown_change_notify');
    }
  });
});
