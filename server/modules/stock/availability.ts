import { type SQL, sql } from 'drizzle-orm';
import { stockMessages } from '../../../contracts/orders';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { orderHolds, releaseExpiredHolds } from '../holds/holds';
import { lockProducts, unitsByProduct } from './product-locks';

interface HeldProduct {
  id: number;
  title: string;
  active: boolean;
  stock: number;
  held: number;
}

/**
 * One statement, atomic on its own, so the products' locks are held for it alone: locks the products in id
 * order (`for no key update`: carts and order lines that reference them are not kept waiting) with their held
 * totals (every product has one, made by a trigger), and, only when every product covers what the order still
 * needs, adds the order's holds and the totals, and whatever `alsoWrite` adds under the same condition (the
 * new order itself: docs/architecture.md#holds). Both rows are locked, so a statement that waited for another
 * checkout's lock sees that checkout's total, not the one it started with.
 */
async function holdIfAvailable(
  db: Database,
  orderId: string,
  needed: ReadonlyMap<number, number>,
  expiresAt: Date,
  alsoWrite?: (when: SQL) => SQL,
): Promise<{ products: HeldProduct[]; held: boolean }> {
  const wanted = sql.join(
    [...needed].map(([id, units]) => sql`(${id}::int, ${units}::int)`),
    sql`, `,
  );
  const covered = sql`(select covered from verdict)`;
  const result = (await db.execute(sql`
    with wanted (id, units) as (values ${wanted}),
    locked as (
      select p.id, p.title, p.active, p.stock, t.units as held
      from products p join held_totals t on t.kind = 'product' and t.ref = p.id
      where p.id in (select id from wanted)
      order by p.id
      for no key update of p, t),
    verdict as (
      select coalesce(bool_and(l.active and l.stock - l.held >= w.units), false) as covered
      from wanted w join locked l on l.id = w.id),
    ${alsoWrite ? sql`${alsoWrite(covered)},` : sql``}
    added as (
      insert into holds (order_id, kind, ref, units, expires_at)
      select ${orderId}, 'product', w.id, w.units, ${expiresAt} from wanted w
      where w.units > 0 and ${covered}
      on conflict (order_id, kind, ref) do update set units = holds.units + excluded.units),
    totals as (
      insert into held_totals (kind, ref, units)
      select 'product', w.id, w.units from wanted w
      where w.units > 0 and ${covered}
      on conflict (kind, ref) do update set units = held_totals.units + excluded.units)
    select l.id, l.title, l.active, l.stock, l.held, ${covered} as covered
    from locked l order by l.id`)) as unknown as {
    rows: (HeldProduct & { covered: boolean })[];
  };
  const products = result.rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    active: row.active,
    stock: Number(row.stock),
    held: Number(row.held),
  }));
  return { products, held: result.rows[0]?.covered === true };
}

/** Refuses with the first product (in id order) that cannot give the order what it wants. */
function refuseShort(
  products: readonly HeldProduct[],
  wanted: ReadonlyMap<number, number>,
  own: ReadonlyMap<number, number>,
): never {
  for (const product of products) {
    if (!product.active) throw new AppError('conflict', stockMessages.offSale(product.title));
    // What the order may have: on hand, less what every checkout holds, plus what it holds itself.
    const left = Math.max(0, product.stock - product.held + (own.get(product.id) ?? 0));
    if (left === 0) throw new AppError('conflict', stockMessages.outOfStock(product.title));
    const quantity = wanted.get(product.id) ?? 0;
    if (quantity > left) throw new AppError('conflict', stockMessages.onlyFewLeft(product.title, left));
  }
  throw new Error('the stock covers the order after all');
}

/**
 * docs/product.md#stock and docs/architecture.md#holds: a checkout may hold only what is on sale and available
 * (on hand, less what other checkouts hold). Holds the cart's units for the order until `expiresAt`, in one
 * statement with `alsoWrite` (the new order: both are written, or neither); an order that holds some already
 * (`reusing`: a second PLACE ORDER) holds only the difference. Refuses, naming the first product short. The
 * cost is one row per product, however many checkouts are pending: the held totals are kept, not summed.
 */
export async function holdCartStock(
  db: Database,
  order: {
    id: string;
    lines: readonly { productId: number; quantity: number }[];
    expiresAt: Date;
    reusing: boolean;
  },
  alsoWrite?: (when: SQL) => SQL,
): Promise<void> {
  const wanted = unitsByProduct(order.lines);
  const ids = [...wanted.keys()];
  // A new order holds nothing yet: no round trip to ask.
  let own = order.reusing ? await orderHolds(db, order.id, 'product') : new Map<number, number>();
  const stillNeeded = () =>
    new Map([...wanted].map(([id, units]) => [id, Math.max(0, units - (own.get(id) ?? 0))]));
  let attempt = await holdIfAvailable(db, order.id, stillNeeded(), order.expiresAt, alsoWrite);
  if (attempt.held) return;
  // Holds past their time count until the sweep gives them back: a checkout they would stop gives them back
  // first, under the products' locks, and tries again.
  const released = await db.transaction(async (tx) => {
    await lockProducts(tx, ids);
    return releaseExpiredHolds(tx, 'product', ids);
  });
  if (released > 0) {
    if (order.reusing) own = await orderHolds(db, order.id, 'product');
    attempt = await holdIfAvailable(db, order.id, stillNeeded(), order.expiresAt, alsoWrite);
    if (attempt.held) return;
  }
  refuseShort(attempt.products, wanted, own);
}
