import type { Product } from '../../../contracts/catalogue';
import { storageKeys, writeStoredJson } from '../../lib/storage';

/** Fisher–Yates: every order equally likely. */
export function shuffleIds(ids: readonly number[]): number[] {
  const shuffled = [...ids];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    const current = shuffled[i] as number;
    shuffled[i] = shuffled[j] as number;
    shuffled[j] = current;
  }
  return shuffled;
}

/** docs/product.md#entities: the shuffled product order is kept in local storage as a list of ids. */
export function saveProductOrder(ids: readonly number[]): void {
  writeStoredJson(storageKeys.productOrder, ids);
}

export function orderProducts(products: readonly Product[], order: readonly number[]): Product[] {
  const rank = new Map(order.map((id, index) => [id, index]));
  const last = order.length;
  return [...products].sort((a, b) => (rank.get(a.id) ?? last) - (rank.get(b.id) ?? last));
}
