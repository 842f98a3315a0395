/** The order calls of spec §7, relative to the API base. */
export const orderApiPaths = {
  myOrders: '/orders/my-orders',
  order: (id: string) => `/orders/${encodeURIComponent(id)}`,
} as const;
