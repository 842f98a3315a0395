/** Query keys of the orders feature: every key starts with 'orders', so one invalidation reaches them all. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: ['orders', 'mine'] as const,
  one: (id: string) => ['orders', id] as const,
  shipmentUpdates: (id: string) => ['orders', id, 'shipment-updates'] as const,
  tracking: (id: string) => ['orders', id, 'tracking'] as const,
  documents: (id: string) => ['orders', id, 'documents'] as const,
  returns: (id: string) => ['orders', id, 'returns'] as const,
};
