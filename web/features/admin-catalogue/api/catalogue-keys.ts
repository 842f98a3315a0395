/** Every console catalogue query starts with these, so a change can refresh them together. */
export const catalogueKeys = {
  all: ['admin', 'products'] as const,
  list: (lowStock: boolean) => ['admin', 'products', 'list', lowStock] as const,
  product: (id: number) => ['admin', 'products', 'detail', id] as const,
};
