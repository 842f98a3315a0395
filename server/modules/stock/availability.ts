import { stockMessages } from '../../../contracts/orders';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { heldUnits } from './holds';
import { lockProducts, unitsByProduct } from './product-locks';

/**
 * docs/product.md#stock: a checkout may hold only what is on sale and available (on hand, less what other
 * checkouts in progress hold). Locks the products' rows for the rest of the transaction, so the pending order
 * inserted next in it is counted by every checkout after this one. Refuses, naming the first product short.
 */
export async function reserveCartStock(
  tx: Database,
  lines: readonly { productId: number; quantity: number }[],
  exceptOrderId?: string,
): Promise<void> {
  const wanted = unitsByProduct(lines);
  const locked = await lockProducts(tx, [...wanted.keys()]);
  const held = await heldUnits(tx, [...wanted.keys()], exceptOrderId);
  for (const product of locked) {
    const quantity = wanted.get(product.id) ?? 0;
    if (!product.active) throw new AppError('conflict', stockMessages.offSale(product.title));
    const available = Math.max(0, product.stock - (held.get(product.id) ?? 0));
    if (available === 0) throw new AppError('conflict', stockMessages.outOfStock(product.title));
    if (quantity > available) {
      throw new AppError('conflict', stockMessages.onlyFewLeft(product.title, available));
    }
  }
}
