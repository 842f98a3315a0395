/** The order calls of docs/product.md#http-api, relative to the API base. */
const orderPath = (action: string) => (id: string) => `/orders/${action}/${encodeURIComponent(id)}`;

export const orderApiPaths = {
  myOrders: '/orders/my-orders',
  myOrdersWithShipment: '/orders/my-orders-with-shipment',
  order: (id: string) => `/orders/${encodeURIComponent(id)}`,
  documents: (id: string) => `/orders/${encodeURIComponent(id)}/documents`,
  track: orderPath('track'),
  refreshTracking: orderPath('refresh-tracking'),
  checkShiprocketUpdates: orderPath('check-shiprocket-updates'),
  shipmentUpdates: orderPath('shipment-updates'),
  cancel: orderPath('cancel'),
  returns: (id: string) => `/orders/${encodeURIComponent(id)}/returns`,
  returnPhotos: (id: string) => `/orders/${encodeURIComponent(id)}/return-photos`,
} as const;
