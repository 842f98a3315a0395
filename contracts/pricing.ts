// The money rules of docs/product.md#money, shared by the pages and the server so both compute one way.

export const FREE_SHIPPING_FROM = 1000;
export const REDUCED_SHIPPING_FROM = 500;
export const SHIPPING_BELOW_REDUCED = 100;
export const SHIPPING_REDUCED = 75;

/** docs/product.md#money: round(price x (1 - discount/100)), in integer arithmetic so no float drift decides a rupee. */
export function discountedUnitPrice(price: number, discountPercent: number): number {
  return Math.round((price * (100 - discountPercent)) / 100);
}

/** docs/product.md#money: 100 below 500; 75 from 500 to below 1000; free at 1000 or more (on the discounted subtotal). */
export function shippingFee(subtotal: number): number {
  if (subtotal >= FREE_SHIPPING_FROM) return 0;
  if (subtotal >= REDUCED_SHIPPING_FROM) return SHIPPING_REDUCED;
  return SHIPPING_BELOW_REDUCED;
}

export interface PricedLine {
  price: number;
  discount: number;
  quantity: number;
}

export interface CartTotals {
  /** Sum of list prices x quantity (checkout's "Total MRP"). */
  mrp: number;
  /** Sum of discounted prices x quantity. */
  subtotal: number;
  /** Sum of (price - discounted price) x quantity. */
  discount: number;
  shipping: number;
  tax: number;
  total: number;
}

export function computeCartTotals(lines: readonly PricedLine[]): CartTotals {
  let mrp = 0;
  let subtotal = 0;
  for (const line of lines) {
    mrp += line.price * line.quantity;
    subtotal += discountedUnitPrice(line.price, line.discount) * line.quantity;
  }
  // Nothing to ship, nothing to charge: an empty cart is not billed the below-500 fee.
  const shipping = lines.length === 0 ? 0 : shippingFee(subtotal);
  return { mrp, subtotal, discount: mrp - subtotal, shipping, tax: 0, total: subtotal + shipping };
}

/** docs/product.md#money: amount in paise = total x 100, rounded. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** docs/product.md#money: how much more the discounted subtotal needs for free shipping; 0 once it is free. */
export function amountToFreeShipping(subtotal: number): number {
  return subtotal > 0 && subtotal < FREE_SHIPPING_FROM ? FREE_SHIPPING_FROM - subtotal : 0;
}
