import { type SQL, sql } from 'drizzle-orm';
import { stockMessages } from '../../../contracts/orders';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { lockCoupons } from '../coupons/coupon-uses';
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
  coupon?: CouponToHold,
  claim?: CheckoutClaim,
): Promise<{ products: HeldProduct[]; held: boolean; couponHeld: boolean; stopped?: ClaimStop }> {
  const wanted = sql.join(
    [...needed].map(([id, units]) => sql`(${id}::int, ${units}::int)`),
    sql`, `,
  );
  const covered = sql`(select covered from verdict)`;
  const result = (await db.execute(sql`
    with ${claim ? claimPart(claim) : sql``}
    wanted (id, units) as (values ${wanted}),
    locked as (
      select p.id, p.title, p.active, p.stock, t.units as held
      from products p join held_totals t on t.kind = 'product' and t.ref = p.id
      where p.id in (select id from wanted) ${claim ? sql`and (select count(*) from claim) >= 0` : sql``}
      order by p.id
      for no key update of p, t),
    ${coupon ? couponParts(orderId, coupon) : sql``}
    verdict as (
      select products_covered and coupon_covered and claim_clear as covered, coupon_covered
      from (select coalesce(bool_and(l.active and (w.units = 0 or l.stock - l.held >= w.units)), false)
          as products_covered,
          ${coupon ? sql`(select coupon_covered from coupon_verdict)` : sql`true`} as coupon_covered,
          ${claim ? sql`(select reuse_id is null and not code_in_the_way from claim)` : sql`true`} as claim_clear
        from wanted w join locked l on l.id = w.id) as parts),
    ${alsoWrite ? sql`${alsoWrite(covered)},` : sql``}
    ${coupon ? couponWrites(orderId, coupon, expiresAt, covered) : sql``}
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
    select l.id, l.title, l.active, l.stock, l.held, ${covered} as covered,
      (select coupon_covered from verdict) as coupon_covered
      ${claim ? sql`, (select row_to_json(claim) from claim) as claim` : sql``}
    from locked l order by l.id`)) as unknown as {
    rows: (HeldProduct & { covered: boolean; coupon_covered: boolean; claim?: ClaimRow })[];
  };
  const products = result.rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    active: row.active,
    stock: Number(row.stock),
    held: Number(row.held),
  }));
  const [first] = result.rows;
  return {
    products,
    held: first?.covered === true,
    couponHeld: first?.coupon_covered === true,
    stopped: stopOf(first?.claim),
  };
}

/**
 * docs/architecture.md#checkout-lock: a new checkout's statement first takes the shopper's checkout lock and
 * looks at their orders as they are once it holds it (`checkout_claim`, a function of the migrations).
 */
export interface CheckoutClaim {
  userId: string;
  cartFingerprint: string;
  couponId: number | undefined;
  /** A pending checkout of the same cart made after this may be reused. */
  reusableAfter: Date;
}

interface ClaimRow {
  reuse_id: string | null;
  reuse_razorpay_order_id: string | null;
  reuse_created_at: string | null;
  code_in_the_way: boolean;
}

/** Why the claim wrote nothing: a checkout of the same cart to reuse, or another one carrying the code. */
export type ClaimStop =
  | { kind: 'reuse'; orderId: string; razorpayOrderId: string | null; createdAt: Date }
  | { kind: 'code_in_the_way' };

function stopOf(row: ClaimRow | undefined): ClaimStop | undefined {
  if (!row) return undefined;
  if (row.code_in_the_way) return { kind: 'code_in_the_way' };
  if (row.reuse_id && row.reuse_created_at) {
    return {
      kind: 'reuse',
      orderId: row.reuse_id,
      razorpayOrderId: row.reuse_razorpay_order_id,
      createdAt: new Date(row.reuse_created_at),
    };
  }
  return undefined;
}

/**
 * docs/architecture.md#checkout-commit: the new checkout's statement commits without waiting for the disk
 * (`synchronous_commit` off for its transaction alone), so its products' locks go to the next checkout at once.
 * Nothing a shopper can act on depends on it alone: the Razorpay order's attachment after it commits as usual,
 * which writes this commit to disk first.
 */
function claimPart(claim: CheckoutClaim): SQL {
  return sql`claim as (
      select claimed.* from checkout_claim(${claim.userId}::uuid, ${claim.cartFingerprint},
        ${claim.couponId ?? null}::int, ${claim.reusableAfter}::timestamptz) as claimed
      cross join set_config('synchronous_commit', 'off', true)),`;
}

/** The code whose use the checkout reserves with its units (docs/product.md#discount-codes). */
export interface CouponToHold {
  id: number;
  /**
   * Only whether a use is left, not the code's status and window: a COD order taking its lapsed use again at
   * confirmation, placed while the code applied (docs/product.md#cod-confirmation).
   */
  usesOnly?: boolean;
}

/**
 * The coupon's row and held total, locked after the products' (the count forces those first:
 * docs/architecture.md#locks), and whether a use is left: active, in its window, and used + held below its
 * total, not counting a use this order holds already. The shopper's earlier checkouts holding the code were
 * replaced before the statement, and the shopper's own limits checked then (docs/architecture.md#holds).
 */
function couponParts(orderId: string, coupon: CouponToHold): SQL {
  const terms = coupon.usesOnly
    ? sql`true`
    : sql`c.status = 'active' and c.valid_from <= now() and (c.valid_until is null or c.valid_until > now())`;
  return sql`coupon_locked as (
      select c.id, c.status, c.valid_from, c.valid_until, c.total_uses, c.used_count, t.units as held
      from coupons c join held_totals t on t.kind = 'coupon' and t.ref = c.id
      where c.id = ${coupon.id} and (select count(*) from locked) >= 0
      for no key update of c, t),
    coupon_own as (
      select count(*) as units from holds where order_id = ${orderId} and kind = 'coupon' and ref = ${coupon.id}),
    coupon_verdict as (
      select coalesce(bool_and(${terms}
        and (c.total_uses is null or c.used_count + c.held - (select units from coupon_own) < c.total_uses)), false)
        as coupon_covered
      from coupon_locked c),`;
}

/** The use held for the order (once: a reused checkout holds it already), and the code's total with it. */
function couponWrites(orderId: string, coupon: CouponToHold, expiresAt: Date, covered: SQL): SQL {
  return sql`coupon_added as (
      insert into holds (order_id, kind, ref, units, expires_at)
      select ${orderId}, 'coupon', ${coupon.id}, 1, ${expiresAt} where ${covered}
      on conflict (order_id, kind, ref) do nothing
      returning 1),
    coupon_total as (
      update held_totals set units = units + (select count(*) from coupon_added)
      where kind = 'coupon' and ref = ${coupon.id} and ${covered}),`;
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

/** The checkout's code has no use left for it (used up, paused, ended or out of its window) under its lock. */
export class CouponNotHeld extends Error {
  constructor() {
    super('the coupon has no use left for this checkout');
    this.name = 'CouponNotHeld';
  }
}

/** Gives back the expired holds of the things the refused attempt was short of; how many it gave back. */
async function releaseExpiredOf(db: Database, productIds: readonly number[], couponId: number | undefined) {
  return db.transaction(async (tx) => {
    if (productIds.length > 0) await lockProducts(tx, productIds);
    if (couponId !== undefined) await lockCoupons(tx, [couponId]);
    const products = productIds.length > 0 ? await releaseExpiredHolds(tx, 'product', productIds) : 0;
    const coupons = couponId !== undefined ? await releaseExpiredHolds(tx, 'coupon', [couponId]) : 0;
    return products + coupons;
  });
}

/**
 * docs/product.md#stock and docs/architecture.md#holds: a checkout may hold only what is on sale and available
 * (on hand, less what other checkouts hold), and, with a discount code, a use of it (docs/product.md#discount-codes).
 * Holds the cart's units (and the use) for the order until `expiresAt`, in one statement with `alsoWrite` (the
 * new order: all are written, or none); an order that holds some already (`reusing`: a second PLACE ORDER)
 * holds only the difference. Refuses, naming the first product short, or with `CouponNotHeld`. The cost is
 * one row per product and one for the code, however many checkouts are pending: the held totals are kept.
 * With `claim` (a new checkout) the statement first takes the shopper's checkout lock, and writes nothing but
 * answers why when the shopper has a checkout of the same cart to reuse, or another carrying the code.
 */
export async function holdCartStock(
  db: Database,
  order: {
    id: string;
    lines: readonly { productId: number; quantity: number }[];
    expiresAt: Date;
    reusing: boolean;
    coupon?: CouponToHold;
  },
  alsoWrite?: (when: SQL) => SQL,
  claim?: CheckoutClaim,
): Promise<ClaimStop | undefined> {
  const wanted = unitsByProduct(order.lines);
  const ids = [...wanted.keys()];
  // A new order holds nothing yet: no round trip to ask.
  let own = order.reusing ? await orderHolds(db, order.id, 'product') : new Map<number, number>();
  const stillNeeded = () =>
    new Map([...wanted].map(([id, units]) => [id, Math.max(0, units - (own.get(id) ?? 0))]));
  const hold = () =>
    holdIfAvailable(db, order.id, stillNeeded(), order.expiresAt, alsoWrite, order.coupon, claim);
  let attempt = await hold();
  if (attempt.stopped) return attempt.stopped;
  if (attempt.held) return undefined;
  // Holds past their time count until the sweep gives them back: a checkout they would stop gives them back
  // first, under the locks of what it was short of, and tries again.
  const shortOfCoupon = order.coupon !== undefined && !attempt.couponHeld;
  const shortOfProducts = attempt.products.some(
    (product) => !product.active || product.stock - product.held < (stillNeeded().get(product.id) ?? 0),
  );
  const released = await releaseExpiredOf(
    db,
    shortOfProducts ? ids : [],
    shortOfCoupon ? order.coupon?.id : undefined,
  );
  if (released > 0) {
    if (order.reusing) own = await orderHolds(db, order.id, 'product');
    attempt = await hold();
    if (attempt.stopped) return attempt.stopped;
    if (attempt.held) return undefined;
  }
  if (order.coupon !== undefined && !attempt.couponHeld) throw new CouponNotHeld();
  refuseShort(attempt.products, wanted, own);
}
