// The catalogue's constants without zod, for pages that need no schema
// (docs/operations.md#performance-budget); contracts/catalogue.ts re-exports them.

export const productCategories = ['bath', 'gloves', 'premium'] as const;
export type ProductCategory = (typeof productCategories)[number];

/** Each category as the shop's pages and the console write it (the stored code is never shown). */
export const productCategoryLabels: Record<ProductCategory, string> = {
  bath: 'Bath',
  gloves: 'Gloves',
  premium: 'Premium',
};

export const DEFAULT_BRAND = 'Ottoman';
export const DEFAULT_WEIGHT_KG = 0.5;
