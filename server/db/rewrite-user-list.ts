import { and, eq, notInArray, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { lockUser } from './lock-user';

export interface UserListRewrite {
  table: PgTable;
  /** The table's column holding the user's id. */
  userColumn: PgColumn;
  /** What tells one row of the user's list from another: the product, or a cart line's product and size. */
  rowKey: SQLWrapper;
  /** The row keys of the new list, each once. */
  keep: readonly (string | number)[];
  /** Inserts the new list's rows, updating those already stored; not called for an empty list. */
  writeRows: (tx: Database) => Promise<unknown>;
}

/**
 * Makes a user's stored list (the cart, the wishlist) the given one: rows no longer in it go, rows still in it
 * stay (keeping their createdAt, which is the shopper's order) and new ones are added. Under the user's lock,
 * so two saves of the same user's lists (two tabs) apply one after the other.
 */
export async function rewriteUserList(db: Database, userId: string, list: UserListRewrite): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await tx
      .delete(list.table)
      .where(
        and(
          eq(list.userColumn, userId),
          list.keep.length > 0 ? notInArray(list.rowKey, [...list.keep]) : undefined,
        ),
      );
    if (list.keep.length > 0) await list.writeRows(tx);
  });
}
