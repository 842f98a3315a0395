import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { products } from './schema';
import { rowMapperOf } from './table-rows';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAndDrop());

it("maps a table's rows from SQL text as Drizzle's own select does: names, JSON, timestamps and nulls", async () => {
  // One product with a timestamp set and one with none, so both a value and a null go through the mapping.
  await app.db.execute(sql`update products set low_stock_alerted_at = now() where id = 1`);
  const expected = await app.db.select().from(products).orderBy(asc(products.id));
  const raw = (await app.db.execute(sql`select * from products order by id`)) as {
    rows: Record<string, unknown>[];
  };
  const mapped = raw.rows.map(rowMapperOf(products));
  expect(mapped).toEqual(expected);
  expect(mapped[0]?.lowStockAlertedAt).toBeInstanceOf(Date);
  expect(mapped[1]?.lowStockAlertedAt).toBeNull();
});
