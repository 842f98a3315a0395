import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type HoldKind, heldTotals, holdKinds, holds } from '../../db/schema';
import { lockCoupons } from '../coupons/coupon-uses';
import { lockProducts } from '../stock/product-locks';

// docs/architecture.md#holds: an order in progress holds units (of a product today) back from other orders.
// Each hold is a row of its own and a share of its thing's total in `held_totals`, changed together in one
// transaction and only under the thing's own row lock, so reading what is held costs one row however many
// checkouts are pending, and the rows say what to give back when the order is paid, cancelled or given up.

/**
 * Locks the rows that guard each kind's totals, in id order (docs/architecture.md#locks): a product's row
 * guards both its stock and its held units, a coupon's its used count and its held uses.
 */
const lockGuards: Record<HoldKind, (tx: Database, refs: readonly number[]) => Promise<unknown>> = {
  product: lockProducts,
  coupon: lockCoupons,
};

type Units = ReadonlyMap<number, number>;

/** Units held of each thing (zero for things nobody holds). The caller holds the guards when it matters. */
export async function heldUnits(
  tx: Database,
  kind: HoldKind,
  refs?: readonly number[],
): Promise<Map<number, number>> {
  if (refs?.length === 0) return new Map();
  const rows = await tx
    .select({ ref: heldTotals.ref, units: heldTotals.units })
    .from(heldTotals)
    .where(and(eq(heldTotals.kind, kind), refs ? inArray(heldTotals.ref, [...refs]) : undefined));
  return new Map(rows.map((row) => [row.ref, row.units]));
}

/** What the order holds of each thing of the kind. */
export async function orderHolds(
  tx: Database,
  orderId: string,
  kind: HoldKind,
): Promise<Map<number, number>> {
  const rows = await tx
    .select({ ref: holds.ref, units: holds.units })
    .from(holds)
    .where(and(eq(holds.orderId, orderId), eq(holds.kind, kind)));
  return new Map(rows.map((row) => [row.ref, row.units]));
}

/** Whether the order holds anything at all (the lifecycle's `holds`). */
export async function holdsAnything(tx: Database, orderId: string): Promise<boolean> {
  const [row] = await tx.select({ ref: holds.ref }).from(holds).where(eq(holds.orderId, orderId)).limit(1);
  return row !== undefined;
}

/** Lowers the totals by what was given back; a total is only ever raised by the checkout's own statement. */
async function lowerTotals(tx: Database, kind: HoldKind, given: Units) {
  const changed = [...given].filter(([, units]) => units > 0);
  if (changed.length === 0) return;
  const values = sql.join(
    changed.map(([ref, units]) => sql`(${kind}, ${ref}::int, ${units}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update ${heldTotals} set units = ${heldTotals.units} - given.units
    from (values ${values}) as given (kind, ref, units)
    where ${heldTotals.kind} = given.kind and ${heldTotals.ref} = given.ref`);
}

function sumByRef(rows: readonly { ref: number; units: number }[]): Map<number, number> {
  const sums = new Map<number, number>();
  for (const row of rows) sums.set(row.ref, (sums.get(row.ref) ?? 0) + row.units);
  return sums;
}

/**
 * Gives back the holds of these things that expired by `now`, at most `limit` of them when given. The caller
 * holds their guards. Returns how many holds it gave back.
 */
export async function releaseExpiredHolds(
  tx: Database,
  kind: HoldKind,
  refs: readonly number[],
  now = new Date(),
  limit?: number,
): Promise<number> {
  if (refs.length === 0) return 0;
  const expired = and(eq(holds.kind, kind), inArray(holds.ref, [...refs]), lte(holds.expiresAt, now));
  // Drizzle cannot say `(a, b, c) in (select …)`: the batch's keys are written out around the same condition.
  const batch = limit
    ? sql`(${holds.orderId}, ${holds.kind}, ${holds.ref}) in (
        select ${holds.orderId}, ${holds.kind}, ${holds.ref} from ${holds} where ${expired} limit ${limit})`
    : expired;
  const released = await tx.delete(holds).where(batch).returning({ ref: holds.ref, units: holds.units });
  await lowerTotals(tx, kind, sumByRef(released));
  return released.length;
}

/**
 * The order stops holding anything (paid, cancelled, given up or discarded): locks the guards of what it
 * holds, after the order's own rows when the caller holds them (docs/architecture.md#locks), and gives its
 * units back. Idempotent: a second call finds no rows.
 */
export async function releaseOrderHolds(tx: Database, orderId: string): Promise<void> {
  const held = await tx
    .select({ kind: holds.kind, ref: holds.ref })
    .from(holds)
    .where(eq(holds.orderId, orderId))
    .orderBy(asc(holds.kind), asc(holds.ref));
  for (const kind of holdKinds) {
    const refs = held.filter((row) => row.kind === kind).map((row) => row.ref);
    if (refs.length === 0) continue;
    await lockGuards[kind](tx, refs);
    const released = await tx
      .delete(holds)
      .where(and(eq(holds.orderId, orderId), eq(holds.kind, kind)))
      .returning({ ref: holds.ref, units: holds.units });
    await lowerTotals(tx, kind, sumByRef(released));
  }
}

/** Things with expired holds, at most `limit` of them. */
async function thingsWithExpiredHolds(db: Database, kind: HoldKind, now: Date, limit: number) {
  const rows = await db
    .selectDistinct({ ref: holds.ref })
    .from(holds)
    .where(and(eq(holds.kind, kind), lte(holds.expiresAt, now)))
    .orderBy(asc(holds.ref))
    .limit(limit);
  return rows.map((row) => row.ref);
}

// A sale day leaves thousands of expired holds a minute on one product: each transaction gives back a batch,
// so the product's lock, which its checkouts wait on, is held only briefly.
const SWEEP_REFS_PER_TRANSACTION = 20;
const SWEEP_HOLDS_PER_TRANSACTION = 500;

/**
 * The scheduled sweep: gives back every hold expired by `now`. A checkout short of units also gives back its
 * products' expired holds itself, so the sweep keeps the totals the console shows current and the table
 * small. Returns how many holds it gave back.
 */
export async function sweepExpiredHolds(db: Database, now = new Date()): Promise<number> {
  let released = 0;
  for (const kind of holdKinds) {
    for (;;) {
      const refs = await thingsWithExpiredHolds(db, kind, now, SWEEP_REFS_PER_TRANSACTION);
      if (refs.length === 0) break;
      const batch = await db.transaction(async (tx) => {
        await lockGuards[kind](tx, refs);
        return releaseExpiredHolds(tx, kind, refs, now, SWEEP_HOLDS_PER_TRANSACTION);
      });
      if (batch === 0) break;
      released += batch;
    }
  }
  return released;
}
