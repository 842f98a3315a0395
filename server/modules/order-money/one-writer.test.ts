import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md#money-record: entries are appended by one function and never changed.

const SERVER = join(import.meta.dirname, '../..');
const WRITER = 'modules/order-money/append-entries.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // Migrations, and the factories that write test data straight into the tables, are not the shop.
    if (entry.isDirectory()) return ['migrations', 'test'].includes(entry.name) ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const WRITES_ENTRIES =
  /\.(update|insert|delete)\(\s*orderMoneyEntries\s*\)|\b(update|insert\s+into|delete\s+from)\s+"?order_money_entries"?\b/i;

describe('the money record', () => {
  it('is written by one function, and only appended to', () => {
    const writers = sourceFiles(SERVER)
      .filter((file) => WRITES_ENTRIES.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SERVER, file));
    expect(writers).toEqual([WRITER]);
    const writer = readFileSync(join(SERVER, WRITER), 'utf8');
    expect(writer).not.toMatch(/\.(update|delete)\(\s*orderMoneyEntries\s*\)/);
  });

  it('catches a write planted elsewhere', () => {
    expect(WRITES_ENTRIES.test('await tx.update(orderMoneyEntries).set({ amountPaise: 0 })')).toBe(true);
    expect(
      WRITES_ENTRIES.test("await db.execute(sql`delete from order_money_entries where kind = 'refund'`)"),
    ).toBe(true);
    expect(WRITES_ENTRIES.test('await tx.select().from(orderMoneyEntries)')).toBe(false);
  });
});
