// docs/product.md#customers, alone: the API client and the session keeper are in every page's first load,
// and importing this from auth-rules.ts put all of the accounts' messages there too
// (docs/operations.md#performance-budget). auth-rules.ts re-exports it.

/**
 * What a blocked shopper is told, after their credentials were found right, or when their session ends
 * because of the block (docs/product.md#customers).
 */
export const accountBlockedMessage =
  'This account has been blocked. Please write to us through the contact page.';
