// docs/product.md#winback: the API paths of "Notify me" and the checkout reminders, relative to the API base. Kept
// with the feature rather than in lib/paths.ts, so the first load of every page does not carry them.
export const winbackApiPaths = {
  notifyMe: (productId: number) => `/products/${productId}/notify-me`,
  resume: '/checkout-reminders/resume',
  optOut: '/checkout-reminders/opt-out',
  preference: '/account/reminders',
} as const;
