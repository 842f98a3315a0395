import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Takes the user's row lock for the rest of the transaction, so two requests that rewrite the same user's
 * lists (cart, wishlist) run one after the other instead of interleaving.
 */
export async function lockUser(tx: Database, userId: string) {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}
