// docs/product.md#winback: the API paths of the checkout reminders, relative to the API base. Kept with the feature
// rather than in lib/paths.ts, so the first load of every page does not carry them ("Notify me"'s is in
// contracts/notify-me-rules.ts, for the same reason).
export const winbackApiPaths = {
  resume: '/checkout-reminders/resume',
  optOut: '/checkout-reminders/opt-out',
  preference: '/account/reminders',
} as const;
