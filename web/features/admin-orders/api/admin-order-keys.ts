/** Every console orders query starts with these, so an action can refresh them together. */
export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  order: (id: string) => ['admin', 'orders', 'detail', id] as const,
  dashboard: ['admin', 'orders', 'dashboard'] as const,
  attention: ['admin', 'orders', 'attention'] as const,
};
