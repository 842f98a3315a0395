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
import { cartLines, products } from '../../db/schema';
import { rowMapperOf } from '../../db/table-rows';
import { AppError } from '../../errors';
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

/**
 * docs/product.md#http-api POST /cart/update: the client's list becomes the cart; existing lines keep their
 * place (their createdAt). docs/architecture.md#cart-writes: one statement, the `replace_cart` function of the
 * migrations, takes the user's row lock (two saves from two tabs apply one after the other), refuses a
 * product id not in the catalogue, removes the lines not listed and upserts the others; the statement around
 * it reads the new cart back with its products.
 */
export async function replaceCart(
  db: Database,
  userId: string,
  input: readonly CartLineInput[],
): Promise<CartReply> {
  const listed = JSON.stringify(
    mergeDuplicateLines(input).map((line) => ({
      product_id: line.id,
      size: line.size,
      quantity: line.quantity,
    })),
  );
  const result = (await db
    .execute(
      sql`select p.*, w.line_size, w.line_quantity
        from replace_cart(${userId}, ${listed}::jsonb) w join products p on p.id = w.line_product_id
        order by w.line_created_at, w.line_product_id, w.line_size`,
    )
    .catch((error: unknown) => {
      const unknownId = unknownProductOf(error);
      if (unknownId === undefined) throw error;
      throw new AppError('invalid', cartMessages.unknownProduct(unknownId));
    })) as { rows: Record<string, unknown>[] };
  return toCartReply(
    result.rows.map((row) => ({
      product: productOfRow(row),
      size: row.line_size as CartLine['size'],
      quantity: row.line_quantity as number,
    })),
  );
}

const productOfRow = rowMapperOf(products);

/** The product id `replace_cart` refused (its own SQLSTATE), whether the error arrives bare or wrapped. */
function unknownProductOf(error: unknown): number | undefined {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, detail } = current as { code?: unknown; detail?: unknown };
    if (code === 'SHC01') return Number(detail);
  }
  return undefined;
}
