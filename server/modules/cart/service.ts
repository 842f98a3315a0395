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
 * place (their createdAt). Under the user's row lock, so two saves (two tabs) apply one after the other; the
 * removal, the upsert and the read-back of the new cart are then one statement (with begin, lock and commit,
 * four round trips after the session's).
 */
export async function replaceCart(
  db: Database,
  userId: string,
  input: readonly CartLineInput[],
): Promise<CartReply> {
  const lines = mergeDuplicateLines(input);
  const { rows, couponCode } = await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (lines.length === 0) {
      await tx.delete(cartLines).where(eq(cartLines.userId, userId));
      // Nothing left for the code to apply to: it goes, and the reply says so.
      const [dropped] = await tx
        .delete(carts)
        .where(eq(carts.userId, userId))
        .returning({ code: carts.couponCode });
      return { rows: [], couponCode: dropped?.code ?? null };
    }
    const written = await writeCartLines(tx, userId, lines);
    // An id not in the catalogue refuses the whole list, naming the first one; throwing rolls the write back.
    const found = new Set(written.map((row) => row.product.id));
    const unknown = lines.find((line) => !found.has(line.id));
    if (unknown) throw new AppError('invalid', cartMessages.unknownProduct(unknown.id));
    return { rows: written, couponCode: written[0]?.couponCode ?? null };
  });
  // docs/product.md#discount-codes: the code stays while it applies, and is dropped with a notice when not.
  return (await priceCartWithCoupon(db, userId, toCartReply(rows), couponCode)).reply;
}

const productOfRow = rowMapperOf(products);

/**
 * Removes the user's lines not in the list and upserts the others (only those of products that exist), and
 * reads the cart back from what the upsert returned: the statement's own reads would not see its writes. The
 * lines travel as one JSON parameter, so the statement's text is the same on every call and costs no building.
 */
async function writeCartLines(tx: Database, userId: string, lines: readonly CartLineInput[]) {
  const listed = JSON.stringify(
    lines.map((line) => ({ product_id: line.id, size: line.size, quantity: line.quantity })),
  );
  const result = (await tx.execute(
    sql`with listed as (
        select * from jsonb_to_recordset(${listed}::jsonb) as listed(product_id integer, size text, quantity integer)
      ),
      removed as (
        delete from cart_lines where user_id = ${userId}
          and (product_id, size) not in (select product_id, size from listed)
        returning product_id
      ),
      written as (
        insert into cart_lines (user_id, product_id, size, quantity)
        select ${userId}, listed.product_id, listed.size, listed.quantity from listed
        where exists (select 1 from products where products.id = listed.product_id)
        on conflict (user_id, product_id, size) do update set quantity = excluded.quantity, updated_at = now()
        returning product_id, size, quantity, created_at
      )
      select p.*, w.size as line_size, w.quantity as line_quantity,
        (select coupon_code from carts where user_id = ${userId}) as coupon_code
      from written w join products p on p.id = w.product_id
      order by w.created_at, w.product_id, w.size`,
  )) as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => ({
    product: productOfRow(row),
    size: row.line_size as CartLine['size'],
    quantity: row.line_quantity as number,
    couponCode: row.coupon_code as string | null,
  }));
}
