import { inArray } from 'drizzle-orm';
import { cartMessages } from '../../../contracts/cart';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import { AppError } from '../../errors';

/** Refuses, naming it, the first id that is not in the catalogue. */
export async function assertProductsExist(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
  const known = new Set(found.map((row) => row.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw new AppError('invalid', cartMessages.unknownProduct(unknown));
}
