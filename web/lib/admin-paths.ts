// The console's paths, apart from paths.ts so none of them ride in the shop's first load (docs/architecture.md#staff).

/** The console's pages (docs/product.md#staff), on the console's own page (web/admin.html). */
export const adminPaths = {
  root: '/admin',
  login: '/admin/login',
  setup: (token: string) => `/admin/setup/${encodeURIComponent(token)}`,
  staff: '/admin/staff',
  audit: '/admin/audit',
  orders: '/admin/orders',
  order: (id: string) => `/admin/orders/${encodeURIComponent(id)}`,
  products: '/admin/products',
  product: (id: number) => `/admin/products/${id}`,
  coupons: '/admin/coupons',
  coupon: (id: number) => `/admin/coupons/${id}`,
  returns: '/admin/returns',
  return: (id: string) => `/admin/returns/${encodeURIComponent(id)}`,
  customers: '/admin/customers',
  customer: (id: string) => `/admin/customers/${encodeURIComponent(id)}`,
  messages: '/admin/messages',
  message: (id: string) => `/admin/messages/${encodeURIComponent(id)}`,
  settings: '/admin/settings',
  alerts: '/admin/alerts',
  cod: '/admin/cod',
  reviews: '/admin/reviews',
  /** docs/product.md#failed-deliveries: the NDR queue, `?state=closed` for the settled ones. */
  deliveries: '/admin/deliveries',
} as const;

/** The console's API paths, relative to the API base. */
export const adminApiPaths = {
  session: '/admin/session',
  setup: (token: string) => `/admin/setup/${encodeURIComponent(token)}`,
  staff: '/admin/staff',
  staffMember: (id: string) => `/admin/staff/${encodeURIComponent(id)}`,
  disableStaff: (id: string) => `/admin/staff/${encodeURIComponent(id)}/disable`,
  audit: (query: string) => `/admin/audit${query ? `?${query}` : ''}`,
  orders: (query: string) => `/admin/orders${query ? `?${query}` : ''}`,
  ordersCsv: (query: string) => `/admin/orders.csv?${query}`,
  orderItemsCsv: (query: string) => `/admin/order-items.csv?${query}`,
  order: (id: string) => `/admin/orders/${encodeURIComponent(id)}`,
  orderDocuments: (id: string) => `/admin/orders/${encodeURIComponent(id)}/documents`,
  gstr1Zip: (month: string) => `/admin/gstr1.zip?${new URLSearchParams({ month }).toString()}`,
  orderAction: (
    id: string,
    action: 'cancel' | 'refunds' | 'notes' | 'shipment/retry' | 'ship-late' | 'cod-confirm',
  ) => `/admin/orders/${encodeURIComponent(id)}/${action}`,
  resendOrderEmail: (id: string, kind: string) =>
    `/admin/orders/${encodeURIComponent(id)}/emails/${encodeURIComponent(kind)}/resend`,
  customers: (query: string) => `/admin/customers${query ? `?${query}` : ''}`,
  customer: (id: string) => `/admin/customers/${encodeURIComponent(id)}`,
  customerAction: (id: string, action: 'sign-out' | 'block' | 'unblock') =>
    `/admin/customers/${encodeURIComponent(id)}/${action}`,
  attention: '/admin/attention',
  dashboard: '/admin/dashboard',
  // docs/product.md#cod-remittances and #cod-refunds.
  cod: '/admin/cod',
  codRemittances: '/admin/cod/remittances',
  codSimulateRemittance: '/admin/cod/remittances/simulate',
  codCheckMismatch: (lineId: string) => `/admin/cod/mismatches/${encodeURIComponent(lineId)}/check`,
  orderCod: (id: string) => `/admin/orders/${encodeURIComponent(id)}/cod`,
  orderCodAction: (id: string, action: 'payouts' | 'refunds-paid-elsewhere') =>
    `/admin/orders/${encodeURIComponent(id)}/cod/${action}`,
  products: (lowStock = false) => `/admin/products${lowStock ? '?lowStock=1' : ''}`,
  product: (id: number) => `/admin/products/${id}`,
  productImages: (id: number) => `/admin/products/${id}/images`,
  newProduct: '/admin/products',
  coupons: '/admin/coupons',
  coupon: (id: number) => `/admin/coupons/${id}`,
  returns: (query: string) => `/admin/returns${query ? `?${query}` : ''}`,
  return: (id: string) => `/admin/returns/${encodeURIComponent(id)}`,
  returnAction: (id: string, action: string) => `/admin/returns/${encodeURIComponent(id)}/${action}`,
  returnSettings: '/admin/return-settings',
  messages: (query: string) => `/admin/messages${query ? `?${query}` : ''}`,
  message: (id: string) => `/admin/messages/${encodeURIComponent(id)}`,
  messageReply: (id: string) => `/admin/messages/${encodeURIComponent(id)}/reply`,
  messageStatus: (id: string) => `/admin/messages/${encodeURIComponent(id)}/status`,
  stats: (days: number) => `/admin/stats?days=${days}`,
  settings: '/admin/settings',
  codSettings: '/admin/cod-settings',
  prepaidOffer: '/admin/prepaid-offer',
  // docs/product.md#winback-settings
  winbackSettings: '/admin/winback/settings',
  winbackReport: '/admin/winback/report',
  // docs/product.md#cod-risk-rules.
  codRiskSettings: '/admin/cod-risk-settings',
  codRisk: '/admin/cod-risk',
  // docs/product.md#reviews-console.
  reviews: (query: string) => `/admin/reviews${query ? `?${query}` : ''}`,
  reviewAction: (id: string, action: 'hide' | 'publish' | 'reply') =>
    `/admin/reviews/${encodeURIComponent(id)}/${action}`,
  reviewSettings: '/admin/review-settings',
  alerts: '/admin/alerts',
  // docs/product.md#failed-deliveries.
  ndr: (state: string) => `/admin/ndr?${new URLSearchParams({ state }).toString()}`,
  ndrAction: (id: string) => `/admin/ndr/${encodeURIComponent(id)}/action`,
  ndrRates: (days: number) => `/admin/ndr/rates?days=${days}`,
  pushSubscriptions: '/admin/alerts/push-subscriptions',
  staffAlerts: '/admin/alerts/staff',
} as const;
