import { asc, eq, sql } from 'drizzle-orm';
import {
  type CartLine,
  type CartLineInput,
  type CartReply,
  cartMessages,
  MAX_QUANTITY_PER_LINE,
} from '../../../contracts/cart';
import { computeCartTotals, rupeesToPaise } from '../../../contracts/pricing';
import type { Database } from '../../db/client';
import { databaseErrorOf } from '../../db/errors';
import { lockUser } from '../../db/lock-user';
import { cartLines, carts, products } from '../../db/schema';
import { rowMapperOf } from '../../db/table-rows';
import { AppError } from '../../errors';
import { toProduct } from '../catalogue/service';
import { priceCartWithCoupon } from './cart-coupon';

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
      couponDiscountPaise: 0,
      totalPaise: rupeesToPaise(totals.total),
    },
    coupon: null,
    couponNotice: null,
  };
}

export type CartRows = Parameters<typeof toCartReply>[0];

/**
 * The cart's lines with their products, and the code applied to the cart, in one round trip (the code rides
 * on each line: an empty cart has nothing for a code to apply to).
 */
export async function readCart(
  db: Database,
  userId: string,
): Promise<{ rows: CartRows; couponCode: string | null }> {
  const rows = await db
    .select({
      product: products,
      size: cartLines.size,
      quantity: cartLines.quantity,
      couponCode: sql<
        string | null
      >`(select ${carts.couponCode} from ${carts} where ${carts.userId} = ${cartLines.userId})`,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.productId), asc(cartLines.size));
  return { rows, couponCode: rows[0]?.couponCode ?? null };
}

export async function getCart(db: Database, userId: string): Promise<CartReply> {
  const { rows, couponCode } = await readCart(db, userId);
  return (await priceCartWithCoupon(db, userId, toCartReply(rows), couponCode)).reply;
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
  const lines = mergeDuplicateLines(input);
  if (lines.length === 0) return emptyCart(db, userId);
  const listed = JSON.stringify(
    lines.map((line) => ({ product_id: line.id, size: line.size, quantity: line.quantity })),
  );
  const result = (await db
    .execute(
      sql`select p.*, w.line_size, w.line_quantity,
          (select coupon_code from carts where user_id = ${userId}) as coupon_code
        from replace_cart(${userId}, ${listed}::jsonb) w join products p on p.id = w.line_product_id
        order by w.line_created_at, w.line_product_id, w.line_size`,
    )
    .catch((error: unknown) => {
      const unknownId = unknownProductOf(error);
      if (unknownId === undefined) throw error;
      throw new AppError('invalid', cartMessages.unknownProduct(unknownId));
    })) as { rows: Record<string, unknown>[] };
  const rows = result.rows.map((row) => ({
    product: productOfRow(row),
    size: row.line_size as CartLine['size'],
    quantity: row.line_quantity as number,
  }));
  const couponCode = (result.rows[0]?.coupon_code as string | null | undefined) ?? null;
  // docs/product.md#discount-codes: the code stays while it applies, and is dropped with a notice when not.
  return (await priceCartWithCoupon(db, userId, toCartReply(rows), couponCode)).reply;
}

/** An emptied cart: nothing is left for a code to apply to, so it goes too, and the reply says so. */
async function emptyCart(db: Database, userId: string): Promise<CartReply> {
  const dropped = await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await tx.delete(cartLines).where(eq(cartLines.userId, userId));
    const [cart] = await tx
      .delete(carts)
      .where(eq(carts.userId, userId))
      .returning({ code: carts.couponCode });
    return cart?.code ?? null;
  });
  return (await priceCartWithCoupon(db, userId, toCartReply([]), dropped)).reply;
}

const productOfRow = rowMapperOf(products);

/** The product id `replace_cart` refused with its own SQLSTATE, SHC01 (docs/architecture.md#cart-writes). */
function unknownProductOf(error: unknown): number | undefined {
  const refusal = databaseErrorOf(error, 'SHC01');
  return refusal ? Number(refusal.detail) : undefined;
}
