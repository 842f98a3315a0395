import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { sizes } from '../../contracts/cart';
import type { Database } from '../db/client';
import { hashToken, newOpaqueToken } from '../modules/auth/tokens';
import { testProfile } from './shopper-factory';

// Thousands of shoppers at once for the bench and the load test (docs/operations.md#bench): a few bulk
// statements instead of a factory call (and an HTTP cart update) each. Free of any test runner.

/** Shoppers written per statement: a few MB of JSON each. */
const CHUNK = 5000;
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface BulkShopper {
  userId: string;
  token: string;
  /** The cart written for the shopper, as `/api/cart/update` takes it. */
  cart: { id: number; size: string; quantity: number }[];
}

/** A random cart of `minLines` to `maxLines` distinct products (as many as there are, at most), 1-2 each. */
export function randomCart(productIds: readonly number[], minLines = 1, maxLines = 7): BulkShopper['cart'] {
  const lines = Math.min(productIds.length, randomInt(minLines, maxLines + 1));
  const shuffled = [...productIds].sort(() => Math.random() - 0.5);
  return shuffled.slice(0, lines).map((id) => ({
    id,
    size: sizes[randomInt(sizes.length)] ?? 'M',
    quantity: randomInt(1, 3),
  }));
}

/**
 * `count` shoppers with the factory's profile and address, a verified e-mail, a live session each (the token
 * is returned) and, unless `withCarts` is false, a cart of 1-7 lines over `productIds`. Their password hash is
 * not a real one: they never sign in with a password.
 */
export async function insertShoppersWithCarts(
  db: Database,
  options: { count: number; productIds: readonly number[]; withCarts?: boolean },
): Promise<BulkShopper[]> {
  const run = randomBytes(4).toString('hex');
  const shoppers: BulkShopper[] = Array.from({ length: options.count }, () => ({
    userId: randomUUID(),
    token: newOpaqueToken(),
    cart: options.withCarts === false ? [] : randomCart(options.productIds),
  }));
  for (let start = 0; start < shoppers.length; start += CHUNK) {
    const chunk = shoppers.slice(start, start + CHUNK);
    const people = chunk.map((shopper, index) => ({
      id: shopper.userId,
      email: `bulk-${run}-${start + index}@example.in`,
      phone: `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`,
      token_hash: hashToken(shopper.token),
    }));
    const lines = chunk.flatMap((shopper) =>
      shopper.cart.map((line) => ({
        user_id: shopper.userId,
        product_id: line.id,
        size: line.size,
        quantity: line.quantity,
      })),
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into users (id, email, phone, password_hash, first_name, last_name, house_name, street_area,
          city, state, country, pincode, email_verified_at)
        select p.id, p.email, p.phone, 'bulk-shopper-no-password', ${testProfile.firstName},
          ${testProfile.lastName}, ${testProfile.houseName}, ${testProfile.streetArea}, ${testProfile.city},
          ${testProfile.state}, ${testProfile.country}, ${testProfile.pincode}, now()
        from jsonb_to_recordset(${JSON.stringify(people)}::jsonb) as p(id uuid, email text, phone text)`);
      await tx.execute(sql`
        insert into sessions (user_id, token_hash, expires_at, ip_address, user_agent)
        select p.id, p.token_hash, now() + ${`${SESSION_TTL_MS} milliseconds`}::interval, '127.0.0.1',
          'bulk shopper factory'
        from jsonb_to_recordset(${JSON.stringify(people)}::jsonb) as p(id uuid, token_hash text)`);
      if (lines.length > 0)
        await tx.execute(sql`
          insert into cart_lines (user_id, product_id, size, quantity)
          select l.user_id, l.product_id, l.size, l.quantity
          from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
            as l(user_id uuid, product_id integer, size text, quantity integer)`);
    });
  }
  return shoppers;
}
