/**
 * docs/product.md#failed-deliveries: the failed delivery's calls, relative to the API base: by the message's link
 * (its token in the `x-delivery-link` header) or for a signed-in shopper's own order.
 */
export const deliveryApiPaths = {
  issue: (orderId: string | null) =>
    orderId === null ? '/delivery-issue' : `/orders/${encodeURIComponent(orderId)}/delivery-issue`,
  choice: (orderId: string | null) =>
    orderId === null
      ? '/delivery-issue/choice'
      : `/orders/${encodeURIComponent(orderId)}/delivery-issue/choice`,
} as const;
