import { z } from 'zod';
import {
  cartMessages,
  DEFAULT_SIZE,
  MAX_CART_LINES,
  MAX_QUANTITY_PER_LINE,
  MAX_WISHLIST_ITEMS,
  sizes,
} from './cart-rules';
import { ProductSchema } from './catalogue';
import { CartCouponSchema } from './coupons';

export {
  cartMessages,
  DEFAULT_SIZE,
  MAX_CART_LINES,
  MAX_QUANTITY_PER_LINE,
  MAX_WISHLIST_ITEMS,
  sizes,
} from './cart-rules';

const productId = z.number().int().positive().max(2_147_483_647);

const needsId = 'Each item needs a product id.';

/** A product id as a number, or as digits (the original client compares ids as strings, docs/product.md#entities). */
const productIdInput = z.union(
  [
    productId,
    z
      .string()
      .regex(/^\d{1,9}$/, needsId)
      .transform(Number),
  ],
  {
    error: needsId,
  },
);

/**
 * A line as the client sends it (docs/product.md#entities Cart item). Only id, quantity and size are read: price, discount,
 * title and images always come from the catalogue, so other fields are dropped here.
 */
export const CartLineInputSchema = z.object({
  id: productIdInput,
  quantity: z
    .number({ error: cartMessages.quantityRange })
    .int(cartMessages.quantityRange)
    .min(1, cartMessages.quantityRange)
    .max(MAX_QUANTITY_PER_LINE, cartMessages.quantityRange),
  size: z.enum(sizes, { error: 'Size must be S, M or L.' }).default(DEFAULT_SIZE),
});
export type CartLineInput = z.output<typeof CartLineInputSchema>;

export const CartUpdateBodySchema = z.object({
  cart: z.array(CartLineInputSchema).max(MAX_CART_LINES, cartMessages.tooManyLines),
});

export const CartLineSchema = ProductSchema.pick({
  id: true,
  title: true,
  description: true,
  price: true,
  discount: true,
  discountedPrice: true,
  images: true,
  img: true,
  sku: true,
  category: true,
  brand: true,
  weight: true,
}).extend({
  size: z.enum(sizes),
  quantity: z.number().int(),
  available: z
    .boolean()
    .describe('On sale and in stock (docs/product.md#stock); checkout is refused while a line is not'),
  inStock: z.boolean(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

export const CartSummarySchema = z.object({
  itemCount: z.number().int().describe('Sum of quantities (the header badge)'),
  lineCount: z.number().int().describe('Distinct lines (the cart page heading)'),
  mrp: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  shipping: z.number().int(),
  tax: z.number().int(),
  total: z.number().int().describe('Rupees: the lines and shipping, before any coupon'),
  couponDiscountPaise: z.number().int().describe("The applied code's discount off the goods; 0 without one"),
  totalPaise: z
    .number()
    .int()
    .describe(
      'What the order would charge: subtotal - coupon discount + shipping (0 with a free-shipping code)',
    ),
});
export type CartSummary = z.infer<typeof CartSummarySchema>;

export const CartReplySchema = z.object({
  cart: z.array(CartLineSchema),
  summary: CartSummarySchema,
  coupon: CartCouponSchema.nullable().describe(
    'The code applied to the cart (docs/product.md#discount-codes)',
  ),
  couponNotice: z
    .string()
    .nullable()
    .describe('Set when this change dropped the code: "{CODE} was removed: {reason}"'),
});
export type CartReply = z.infer<typeof CartReplySchema>;

export const WishlistItemInputSchema = z.object({
  id: productIdInput,
});

export const WishlistUpdateBodySchema = z.object({
  wishlist: z.array(WishlistItemInputSchema).max(MAX_WISHLIST_ITEMS, cartMessages.tooManyWishlistItems),
});

export const WishlistReplySchema = z.object({ wishlist: z.array(ProductSchema) });
export type WishlistReply = z.infer<typeof WishlistReplySchema>;
