import { asc, eq, sql } from 'drizzle-orm';
import {
  type CartLine,
  type CartLineInput,
  type CartReply,
  cartMessages,
  MAX_QUANTITY_PER_LINE,
} from '../../../contracts/cart';
import { computeCartTotals } from '../../../contracts/pricing';
import type { Database } from '../../db/client';
import { rewriteUserList } from '../../db/rewrite-user-list';
import { cartLines, products } from '../../db/schema';
import { AppError } from '../../errors';
import { assertProductsExist } from '../catalogue/known-products';
import { toProduct } from '../catalogue/service';

const lineKey = (line: { id: number; size: string }) => `${line.id}:${line.size}`;

/** The same product and size twice is one line with the quantities added. */
export function mergeDuplicateLines(lines: readonly CartLineInput[]): CartLineInput[] {
  const merged = new Map<string, CartLineInput>();
  for (const line of lines) {
    const existing = merged.get(lineKey(line));
    merged.set(
      lineKey(line),
      existing ? { ...existing, quantity: existing.quantity + line.quantity } : { ...line },
    );
  }
  const result = [...merged.values()];
  if (result.some((line) => line.quantity > MAX_QUANTITY_PER_LINE))
    throw new AppError('invalid', cartMessages.tooManyOfOne);
  return result;
}

/** Prices, titles and images from the catalogue; the summary by the shared rules of docs/product.md#money. */
export function toCartReply(
  rows: { product: typeof products.$inferSelect; size: CartLine['size']; quantity: number }[],
): CartReply {
  const cart = rows.map(({ product, size, quantity }) => {
    const { details: _details, rating: _rating, ...line } = toProduct(product);
    // docs/product.md#stock: the line stays in the cart, marked, until the shopper removes it.
    return { ...line, size, quantity, available: product.active && line.inStock };
  });
  const totals = computeCartTotals(cart);
  return {
    cart,
    summary: {
      itemCount: cart.reduce((sum, line) => sum + line.quantity, 0),
      lineCount: cart.length,
      ...totals,
    },
  };
}

export async function getCart(db: Database, userId: string): Promise<CartReply> {
  const rows = await db
    .select({ product: products, size: cartLines.size, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.productId), asc(cartLines.size));
  return toCartReply(rows);
}

/** docs/product.md#http-api POST /cart/update: the client's list becomes the cart; existing lines keep their place. */
export async function replaceCart(
  db: Database,
  userId: string,
  input: readonly CartLineInput[],
): Promise<CartReply> {
  const lines = mergeDuplicateLines(input);
  await assertProductsExist(db, [...new Set(lines.map((line) => line.id))]);
  await rewriteUserList(db, userId, {
    table: cartLines,
    userColumn: cartLines.userId,
    rowKey: sql`${cartLines.productId} || ':' || ${cartLines.size}`,
    keep: lines.map(lineKey),
    writeRows: (tx) =>
      tx
        .insert(cartLines)
        .values(
          lines.map((line) => ({ userId, productId: line.id, size: line.size, quantity: line.quantity })),
        )
        .onConflictDoUpdate({
          target: [cartLines.userId, cartLines.productId, cartLines.size],
          set: { quantity: sql`excluded.quantity`, updatedAt: sql`now()` },
        }),
  });
  return getCart(db, userId);
}
