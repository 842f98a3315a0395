import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { testProfile } from './shopper-factory';

// Delivered orders written straight into the tables, for the bench's return-photo uploads
// (docs/operations.md#bench-uploads): an order inside its return window, as the courier's delivered scan
// leaves it, without a checkout, a payment and a parcel before it.

/** One delivered, paid order of one unit of the first product for each shopper; their ids, in the same order. */
export async function insertDeliveredOrders(
  db: Database,
  options: { userIds: readonly string[]; productId: number },
): Promise<string[]> {
  const address = JSON.stringify({ ...testProfile });
  const contact = JSON.stringify({
    name: `${testProfile.firstName} ${testProfile.lastName}`,
    email: 'delivered@example.in',
    phone: '9876543210',
  });
  const result = (await db.execute(sql`
    with shoppers as (
      select value::uuid as user_id, ordinality from jsonb_array_elements_text(${JSON.stringify(options.userIds)}::jsonb)
        with ordinality),
    product as (select id, title, description, coalesce(images->>0, '') as image, sku, category, brand,
        price_paise, discount_percent, (price_paise * (100 - discount_percent) / 100) as unit_price_paise
      from products where id = ${options.productId}),
    made as (
      insert into orders (id, user_id, status, payment_status, mrp_paise, subtotal_paise, discount_paise,
        shipping_paise, tax_paise, total_paise, cart_fingerprint, contact, shipping_address, billing_address)
      select gen_random_uuid(), shoppers.user_id, 'delivered', 'paid', product.price_paise,
        product.unit_price_paise, 0, 0, 0, product.unit_price_paise, 'delivered-' || gen_random_uuid(),
        ${contact}::jsonb, ${address}::jsonb, ${address}::jsonb
      from shoppers cross join product order by shoppers.ordinality
      returning id, user_id),
    items as (
      insert into order_items (order_id, product_id, title, description, image, sku, category, brand, size,
        quantity, unit_mrp_paise, discount_percent, unit_price_paise)
      select made.id, product.id, product.title, product.description, product.image, product.sku,
        product.category, product.brand, 'M', 1, product.price_paise, product.discount_percent,
        product.unit_price_paise
      from made cross join product),
    delivered as (
      insert into status_history (entity, entity_id, field, from_value, to_value, source)
      select 'order', made.id, 'status', 'shipped', 'delivered', 'webhook' from made)
    select made.id, made.user_id from made`)) as unknown as { rows: { id: string; user_id: string }[] };
  const byUser = new Map(result.rows.map((row) => [row.user_id, row.id]));
  return options.userIds.map((userId) => byUser.get(userId) ?? '');
}
