import { z } from 'zod';

import { productCategories } from './catalogue-rules';

export { DEFAULT_BRAND, DEFAULT_WEIGHT_KG, productCategories } from './catalogue-rules';

export const ProductSchema = z
  .object({
    id: z.number().int().positive(),
    title: z.string(),
    description: z.string(),
    price: z.number().int().describe('List price (MRP) in rupees'),
    discount: z.number().int().min(0).max(100).describe('Discount in percent'),
    discountedPrice: z
      .number()
      .int()
      .describe('Price per unit after discount, in rupees (docs/product.md#money)'),
    rating: z
      .number()
      .int()
      .min(1)
      .max(5)
      .describe("The spec's rating of the product: the earned rating's prior"),
    // docs/product.md#earned-rating: in the catalogue's replies (the list and one product), not in carts and lists.
    reviewCount: z.number().int().min(0).optional().describe('Published reviews'),
    averageRating: z
      .number()
      .nullable()
      .optional()
      .describe("Published reviews' average to one decimal; null without reviews"),
    earnedRating: z
      .number()
      .optional()
      .describe(
        "Bayesian average of published reviews with `rating` as three reviews: what 'Rating: High to Low' sorts by",
      ),
    images: z.array(z.string()),
    img: z.string().describe('Single fallback image'),
    category: z.enum(productCategories),
    sku: z.string(),
    brand: z.string(),
    weight: z.number().positive().describe('Weight in kg'),
    inStock: z
      .boolean()
      .describe('Some units can be ordered (docs/product.md#stock); the count is not shown'),
    details: z.object({
      whyChoose: z.string(),
      benefits: z.array(z.string()),
      changesObserved: z.string(),
    }),
  })
  .meta({ id: 'Product' });

export type Product = z.infer<typeof ProductSchema>;
export type ProductCategory = (typeof productCategories)[number];

export const ProductListReplySchema = z.object({ products: z.array(ProductSchema) });
export type ProductListReply = z.infer<typeof ProductListReplySchema>;

export const ProductReplySchema = z.object({ product: ProductSchema });
export type ProductReply = z.infer<typeof ProductReplySchema>;
