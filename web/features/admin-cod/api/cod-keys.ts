/** Every console COD query starts with these, so an import or a refund can refresh them together. */
export const codKeys = {
  all: ['admin', 'cod'] as const,
  overview: ['admin', 'cod', 'overview'] as const,
  order: (id: string) => ['admin', 'cod', 'order', id] as const,
};
