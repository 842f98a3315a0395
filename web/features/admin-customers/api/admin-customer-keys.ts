/** Every console customers query starts with these, so an action can refresh them together. */
export const adminCustomerKeys = {
  all: ['admin', 'customers'] as const,
  list: (q: string) => ['admin', 'customers', 'list', q] as const,
  customer: (id: string) => ['admin', 'customers', 'detail', id] as const,
};
