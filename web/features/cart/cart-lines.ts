import type { CartLine } from '../../../contracts/cart';

// docs/product.md#behaviour Cart and wishlist rules, as pure functions of the list. The shop sells one size (docs/product.md#numbers-and-timings: size M).

type Availability = 'available' | 'inStock';

/**
 * The product fields a cart line shows: a catalogue product or a wishlist item has them all. Whether it can
 * be had is the server's to say (docs/product.md#stock); a line added here counts as available until then.
 */
export type CartProduct = Omit<CartLine, 'size' | 'quantity' | Availability> &
  Partial<Pick<CartLine, Availability>>;

/** What is stored and sent for a line; price, title and images always come from the server. */
export type CartLineRef = Pick<CartLine, 'id' | 'quantity' | 'size'>;

// contracts/cart's DEFAULT_SIZE is the same letter, but a value from that file brings zod into the home page.
const DEFAULT_SIZE = 'M';

export function isInCart(lines: readonly CartLine[], productId: number): boolean {
  return lines.some((line) => line.id === productId);
}

/** docs/product.md#behaviour: adding an item already in the cart raises its quantity by 1. */
export function addToCart(lines: readonly CartLine[], product: CartProduct): CartLine[] {
  if (!isInCart(lines, product.id)) {
    const inStock = product.inStock ?? true;
    const line = { ...product, inStock, available: product.available ?? inStock };
    return [...lines, { ...line, size: DEFAULT_SIZE, quantity: 1 }];
  }
  return lines.map((line) => (line.id === product.id ? { ...line, quantity: line.quantity + 1 } : line));
}

export function removeFromCart(lines: readonly CartLine[], productId: number): CartLine[] {
  return lines.filter((line) => line.id !== productId);
}

/** docs/product.md#behaviour: a quantity below 1 removes the item. */
export function setLineQuantity(lines: readonly CartLine[], productId: number, quantity: number): CartLine[] {
  if (quantity < 1) return removeFromCart(lines, productId);
  return lines.map((line) => (line.id === productId ? { ...line, quantity } : line));
}

/** docs/product.md#screens: the header badge is the sum of the quantities. */
export function countItems(lines: readonly CartLineRef[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function toLineRef({ id, quantity, size }: CartLineRef): CartLineRef {
  return { id, quantity, size };
}

export function isLineRef(value: unknown): value is CartLineRef {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    Number.isInteger(line.id) &&
    Number.isInteger(line.quantity) &&
    (line.size === 'S' || line.size === 'M' || line.size === 'L')
  );
}
