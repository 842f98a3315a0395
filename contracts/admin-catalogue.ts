import { z } from 'zod';
import { productCategories } from './catalogue';

// The console's catalogue: products, prices, images and stock counts (docs/product.md#console-catalogue).

export const adminCatalogueMessages = {
  productNotFound: 'We could not find that product.',
  titleRequired: 'Please give the product a title.',
  descriptionRequired: 'Please describe the product.',
  priceWhole: 'Please give the price in whole rupees, more than 0.',
  discountRange: 'Please give a discount from 0 to 100 percent.',
  stockWhole: 'Please give the stock as a whole number, 0 or more.',
  thresholdWhole: 'Please give the low-stock threshold as a whole number, 0 or more.',
  weightWhole: 'Please give the weight in whole grams, more than 0.',
  skuFormat: 'Please give a SKU of 2 to 40 letters, digits or -.',
  skuTaken: 'Another product already has this SKU.',
  imagesNotOurs: 'Images can only be reordered or removed here; upload new ones below.',
  imageNeededOnSale: 'A product on sale needs at least one image.',
  hsnFormat: 'Please give an HSN code of 4, 6 or 8 digits.',
  gstRateSlab: 'Please choose a GST rate: 0, 0.25, 3, 5, 18 or 40 percent.',
  nothingToChange: 'Please change at least one field.',
  notAnImage: 'Please upload a JPEG, PNG or WebP image.',
  imageTooLarge: 'Please upload an image of at most 8 MB.',
  imageTooManyPixels:
    'This image is too large: please upload one of at most 50 megapixels (for example 8,000 × 6,000 pixels).',
  tooManyImages: 'A product can have at most 12 images.',
  saved: 'Saved.',
  created: 'Product created. Add an image, then put it on sale.',
  imageAdded: 'Image added.',
} as const;

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const MAX_PRODUCT_IMAGES = 12;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const AdminProductIdParamsSchema = z.object({
  id: z.coerce
    .number({ message: adminCatalogueMessages.productNotFound })
    .int(adminCatalogueMessages.productNotFound)
    .positive(adminCatalogueMessages.productNotFound)
    .max(999_999_999, adminCatalogueMessages.productNotFound),
});

export const AdminProductsQuerySchema = z.object({
  lowStock: z.enum(['1', 'true']).optional().describe('Only products at or below their low-stock threshold'),
});

const title = z.string().trim().min(1, adminCatalogueMessages.titleRequired).max(200);
const description = z.string().trim().min(1, adminCatalogueMessages.descriptionRequired).max(5000);
const price = z
  .number({ message: adminCatalogueMessages.priceWhole })
  .int(adminCatalogueMessages.priceWhole)
  .positive(adminCatalogueMessages.priceWhole)
  .max(10_000_000, adminCatalogueMessages.priceWhole)
  .describe('List price (MRP) in rupees');
const discount = z
  .number({ message: adminCatalogueMessages.discountRange })
  .int(adminCatalogueMessages.discountRange)
  .min(0, adminCatalogueMessages.discountRange)
  .max(100, adminCatalogueMessages.discountRange);
const stock = z
  .number({ message: adminCatalogueMessages.stockWhole })
  .int(adminCatalogueMessages.stockWhole)
  .min(0, adminCatalogueMessages.stockWhole)
  .max(1_000_000, adminCatalogueMessages.stockWhole)
  .describe('Units on the shelf, as counted: an absolute count, not a change');
const lowStockThreshold = z
  .number({ message: adminCatalogueMessages.thresholdWhole })
  .int(adminCatalogueMessages.thresholdWhole)
  .min(0, adminCatalogueMessages.thresholdWhole)
  .max(1_000_000, adminCatalogueMessages.thresholdWhole);
const weightGrams = z
  .number({ message: adminCatalogueMessages.weightWhole })
  .int(adminCatalogueMessages.weightWhole)
  .positive(adminCatalogueMessages.weightWhole)
  .max(100_000, adminCatalogueMessages.weightWhole);
const sku = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{2,40}$/, adminCatalogueMessages.skuFormat);
const text = z.string().trim().max(5000);

/** docs/product.md#seller-settings: the GST rates the law has, in basis points (500 is 5%). */
export const gstRateSlabs = [0, 25, 300, 500, 1800, 4000] as const;
const hsnCode = z
  .string()
  .trim()
  .regex(/^(\d{4}|\d{6}|\d{8})$/, adminCatalogueMessages.hsnFormat)
  .describe('Harmonised System code: 4, 6 or 8 digits');
const gstRateBasisPoints = z
  .number({ message: adminCatalogueMessages.gstRateSlab })
  .refine((rate) => (gstRateSlabs as readonly number[]).includes(rate), adminCatalogueMessages.gstRateSlab)
  .describe('GST rate in basis points (500 is 5%): one of the legal slabs');

export const AdminProductPatchSchema = z
  .object({
    title: title.optional(),
    description: description.optional(),
    price: price.optional(),
    discount: discount.optional(),
    active: z.boolean().optional(),
    stock: stock.optional(),
    lowStockThreshold: lowStockThreshold.optional(),
    whyChoose: text.optional(),
    benefits: z.array(z.string().trim().min(1).max(500)).max(20).optional(),
    changesObserved: text.optional(),
    hsnCode: hsnCode.optional(),
    gstRateBasisPoints: gstRateBasisPoints.optional(),
    codAllowed: z
      .boolean()
      .optional()
      .describe('docs/product.md#cash-on-delivery: whether a cart holding it may be paid cash on delivery'),
    images: z
      .array(z.string().min(1).max(500))
      .max(MAX_PRODUCT_IMAGES)
      .optional()
      .describe('The new order of existing image URLs: a subset of the current list'),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: adminCatalogueMessages.nothingToChange });

export type AdminProductPatch = z.infer<typeof AdminProductPatchSchema>;

export const AdminProductCreateSchema = z
  .object({
    title,
    description,
    price,
    discount: discount.default(0),
    category: z.enum(productCategories),
    sku,
    weightGrams,
    stock: stock.default(0),
    lowStockThreshold: lowStockThreshold.default(5),
  })
  .strict();

export type AdminProductCreate = z.input<typeof AdminProductCreateSchema>;

export const AdminProductSummarySchema = z
  .object({
    id: z.number().int().positive(),
    title: z.string(),
    price: z.number().int().describe('List price (MRP) in rupees'),
    discount: z.number().int(),
    discountedPrice: z.number().int(),
    active: z.boolean(),
    stock: z.number().int(),
    held: z
      .number()
      .int()
      .describe('Units held by checkouts in progress (30 minutes) and COD orders awaiting confirmation'),
    lowStockThreshold: z.number().int(),
    lowStock: z.boolean(),
    image: z.string().nullable(),
  })
  .meta({ id: 'AdminProductSummary' });

export type AdminProductSummary = z.infer<typeof AdminProductSummarySchema>;

export const AdminProductsReplySchema = z.object({ products: z.array(AdminProductSummarySchema) });
export type AdminProductsReply = z.infer<typeof AdminProductsReplySchema>;

export const StockMovementSchema = z.object({
  at: z.string(),
  delta: z.number().int(),
  reason: z.enum(['sale', 'cancellation', 'adjustment', 'return', 'write_off']),
  orderId: z.string().nullable(),
  /** The order's OM number, as the shopper and the console know it. */
  orderNumber: z.string().nullable(),
  staffName: z.string().nullable(),
});

export type StockMovement = z.infer<typeof StockMovementSchema>;

export const AdminProductDetailSchema = AdminProductSummarySchema.extend({
  description: z.string(),
  category: z.enum(productCategories),
  sku: z.string(),
  weightGrams: z.number().int(),
  images: z.array(z.string()),
  whyChoose: z.string(),
  benefits: z.array(z.string()),
  changesObserved: z.string(),
  hsnCode: z.string(),
  gstRateBasisPoints: z.number().int(),
  codAllowed: z.boolean(),
  updatedAt: z.string(),
  movements: z.array(StockMovementSchema).describe('The last 20 stock movements, newest first'),
}).meta({ id: 'AdminProductDetail' });

export type AdminProductDetail = z.infer<typeof AdminProductDetailSchema>;

export const AdminProductReplySchema = z.object({
  message: z.string().optional(),
  product: AdminProductDetailSchema,
});

export type AdminProductReply = z.infer<typeof AdminProductReplySchema>;
