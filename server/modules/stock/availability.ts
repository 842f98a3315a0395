import { stockMessages } from '../../../contracts/orders';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { addHolds, heldUnits, orderHolds, releaseExpiredHolds } from '../holds/holds';
import { type LockedProduct, lockProducts, unitsByProduct } from './product-locks';

type Units = ReadonlyMap<number, number>;

/**
 * What the order may have of the product: on hand, less what every checkout holds, plus what this order holds
 * itself (a second PLACE ORDER reusing it).
 */
function availableTo(product: LockedProduct, held: Units, own: Units): number {
  return Math.max(0, product.stock - (held.get(product.id) ?? 0) + (own.get(product.id) ?? 0));
}

function covers(locked: readonly LockedProduct[], wanted: Units, held: Units, own: Units): boolean {
  return locked.every(
    (product) => product.active && availableTo(product, held, own) >= (wanted.get(product.id) ?? 0),
  );
}

/**
 * docs/product.md#stock and docs/architecture.md#holds: a checkout may hold only what is on sale and available
 * (on hand, less what other checkouts hold). Locks the products' rows for the rest of the transaction, then
 * holds the cart's units for the order until `expiresAt`; an order that holds some already (a second PLACE
 * ORDER reusing it) holds only the difference. Refuses, naming the first product short. The cost is one row
 * per product, however many checkouts are pending: the held totals are kept, not summed.
 */
export async function holdCartStock(
  tx: Database,
  orderId: string,
  lines: readonly { productId: number; quantity: number }[],
  expiresAt: Date,
): Promise<void> {
  const wanted = unitsByProduct(lines);
  const ids = [...wanted.keys()];
  let own = await orderHolds(tx, orderId, 'product');
  const locked = await lockProducts(tx, ids);
  let held = await heldUnits(tx, 'product', ids);
  // Holds past their time count until the sweep gives them back; a checkout they would stop takes them back first.
  if (!covers(locked, wanted, held, own) && (await releaseExpiredHolds(tx, 'product', ids)) > 0) {
    held = await heldUnits(tx, 'product', ids);
    own = await orderHolds(tx, orderId, 'product');
  }
  for (const product of locked) {
    if (!product.active) throw new AppError('conflict', stockMessages.offSale(product.title));
    const left = availableTo(product, held, own);
    const quantity = wanted.get(product.id) ?? 0;
    if (left === 0) throw new AppError('conflict', stockMessages.outOfStock(product.title));
    if (quantity > left) throw new AppError('conflict', stockMessages.onlyFewLeft(product.title, left));
  }
  const missing = new Map([...wanted].map(([id, units]) => [id, units - (own.get(id) ?? 0)]));
  await addHolds(tx, orderId, 'product', missing, expiresAt);
}
