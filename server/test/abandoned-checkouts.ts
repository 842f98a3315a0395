import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { testProfile } from './shopper-factory';

// A sale day's abandoned checkouts (docs/operations.md#bench): shoppers who pressed PLACE ORDER and never
// paid, whose pending orders still hold stock (docs/architecture.md#holds). Every row an abandoned checkout
// leaves is written here and nowhere else, so that a change to how checkouts hold stock changes this one
// function.

/** Orders written per statement. */
const CHUNK = 20_000;

/**
 * `count` pending orders (status and payment pending, a Razorpay order id each), created at random times
 * within the last 29 minutes (inside the checkout hold), each with 1-7 order items over `productIds` (as many
 * as there are, at most), 1-2 units each, priced from the products' rows. With `userIds`, the orders are spread
 * over those shoppers; else they belong to nobody (as a deleted account's orders do). Each order holds its
 * units until 30 minutes after it was made, as a checkout does, and the products' held totals count them.
 */
export async function insertAbandonedCheckouts(
  db: Database,
  options: {
    count: number;
    productIds: readonly number[];
    userIds?: readonly string[];
    /**
     * COD orders placed and never confirmed instead (docs/product.md#cash-on-delivery): no Razorpay order, the
     * fee in the total, confirmable for a day, their units held for the checkout hold like any checkout's.
     */
    cod?: { feePaise: number };
  },
): Promise<void> {
  if (options.productIds.length === 0) throw new Error('abandoned checkouts need products');
  const run = randomBytes(4).toString('hex');
  const address = JSON.stringify({ ...testProfile });
  const contact = JSON.stringify({
    name: `${testProfile.firstName} ${testProfile.lastName}`,
    email: 'abandoned@example.in',
    phone: '9876543210',
    deliveryPhone: '9876543210',
  });
  const userIds = JSON.stringify(options.userIds ?? []);
  const productIds = JSON.stringify(options.productIds);
  const marker = `${options.cod ? 'cod-unconfirmed' : 'abandoned'}-${run}-`;
  const codFee = options.cod?.feePaise ?? 0;
  for (let start = 0; start < options.count; start += CHUNK) {
    const size = Math.min(CHUNK, options.count - start);
    await db.execute(sql`
      with listed as (
        select p.id, p.title, p.description, coalesce(p.images->>0, '') as image, p.sku, p.category, p.brand,
          p.price_paise, p.discount_percent,
          (p.price_paise * (100 - p.discount_percent) / 100) as unit_price_paise,
          (row_number() over (order by p.id) - 1)::integer as position
        from products p where p.id in (select value::integer from jsonb_array_elements_text(${productIds}::jsonb))),
      shoppers as (
        select value::uuid as user_id, (row_number() over () - 1)::integer as position
        from jsonb_array_elements_text(${userIds}::jsonb)),
      made as (
        insert into orders (id, user_id, status, payment_status, payment_method, mrp_paise, subtotal_paise,
          discount_paise, shipping_paise, tax_paise, cod_fee_paise, total_paise, cart_fingerprint,
          razorpay_order_id, cod_confirm_by, contact, shipping_address, billing_address, created_at, updated_at)
        select gen_random_uuid(), shoppers.user_id, 'pending',
          case when ${codFee}::integer > 0 then 'cod_due' else 'pending' end,
          case when ${codFee}::integer > 0 then 'COD' else 'Online' end,
          99900, 99900, 0, 0, 0, ${codFee}::integer, 99900 + ${codFee}::integer, ${marker} || n,
          case when ${codFee}::integer > 0 then null else 'order_abandoned_' || ${run} || '_' || n end,
          case when ${codFee}::integer > 0 then now() + interval '23 hours' else null end,
          ${contact}::jsonb, ${address}::jsonb, ${address}::jsonb, now() - random() * interval '29 minutes', now()
        from generate_series(${start}::integer, ${start + size - 1}::integer) as n
        left join shoppers on shoppers.position = n % greatest(1, (select count(*) from shoppers))::integer
        returning id, created_at)
      insert into order_items (order_id, product_id, title, description, image, sku, category, brand, size,
        quantity, unit_mrp_paise, discount_percent, unit_price_paise)
      select made.id, listed.id, listed.title, listed.description, listed.image, listed.sku, listed.category,
        listed.brand, 'M', 1 + (seeded.seed + line) % 2, listed.price_paise, listed.discount_percent,
        listed.unit_price_paise
      from made
      cross join lateral (select (abs(hashtext(made.id::text)::bigint) % 1000000)::integer as seed) as seeded
      cross join lateral generate_series(0, seeded.seed % least(7, (select count(*) from listed)::integer))
        as line
      join listed on listed.position = (seeded.seed + line) % (select count(*) from listed)::integer`);
  }
  await db.execute(sql`
    insert into holds (order_id, kind, ref, units, expires_at)
    select o.id, 'product', i.product_id, sum(i.quantity), o.created_at + interval '30 minutes'
    from orders o join order_items i on i.order_id = o.id
    where o.cart_fingerprint like ${`${marker}%`}
    group by o.id, i.product_id, o.created_at`);
  await db.execute(sql`
    insert into held_totals (kind, ref, units)
    select 'product', h.ref, sum(h.units) from holds h join orders o on o.id = h.order_id
    where o.cart_fingerprint like ${`${marker}%`}
    group by h.ref
    on conflict (kind, ref) do update set units = held_totals.units + excluded.units`);
}
