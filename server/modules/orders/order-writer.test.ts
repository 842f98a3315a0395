import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '../..');
const WRITER = 'modules/orders/order-writer.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // Migrations, and the factories that write test and bench data straight into the tables, are not the shop.
    if (entry.isDirectory()) return ['migrations', 'test'].includes(entry.name) ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

// Drizzle's builders and raw SQL alike: any write of the orders table.
const WRITES_ORDERS =
  /\.(update|insert|delete)\(\s*orders\s*\)|\b(update|insert\s+into|delete\s+from)\s+"?orders"?\b/i;

describe('the one writer of orders', () => {
  it('is the only file that writes the orders table', () => {
    const writers = sourceFiles(SERVER)
      .filter((file) => WRITES_ORDERS.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SERVER, file));
    expect(writers).toEqual([WRITER]);
  });

  it('catches a write planted elsewhere', () => {
    expect(WRITES_ORDERS.test("await tx.update(orders).set({ status: 'cancelled' })")).toBe(true);
    expect(WRITES_ORDERS.test("await db.execute(sql`update orders set status = 'paid'`)")).toBe(true);
    expect(WRITES_ORDERS.test('await tx.update(orderItems).set({ quantity: 1 })')).toBe(false);
  });
});
