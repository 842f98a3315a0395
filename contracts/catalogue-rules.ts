// The catalogue's constants without zod, for pages that need no schema
// (docs/operations.md#performance-budget); contracts/catalogue.ts re-exports them.

export const productCategories = ['bath', 'gloves', 'premium'] as const;

export const DEFAULT_BRAND = 'Ottoman';
export const DEFAULT_WEIGHT_KG = 0.5;
