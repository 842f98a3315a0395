// The payment messages without zod, for the checkout page (docs/operations.md#performance-budget);
// contracts/orders.ts re-exports them.

export const paymentMessages = {
  // docs/product.md#place-order-checks Place order.
  profileIncomplete: 'Please complete your profile with address details before placing order.',
  cartEmpty: 'Your cart is empty. Please add items before placing order.',
  invalidPaymentResponse: 'Invalid payment response received',
  // docs/product.md#messages Payment and orders.
  initializeFailed: 'Failed to initialize payment. Please try again.',
  orderCreationFailed: 'Payment successful but order creation failed. Please contact support.',
  cancelled: 'Payment was cancelled. Please try again.',
  timeout: 'Payment timeout. Please try again.',
  failed: (description?: string) => `Payment failed: ${description || 'Unknown error'}`,
  // Ours, where the original client has none.
  cartChanged: 'Your cart changed while you were checking out. Please review it and place the order again.',
  verificationFailed: 'We could not verify this payment. If money was deducted, please contact support.',
  notForThisOrder: 'This payment does not belong to this order.',
  orderNotFound: 'Order not found',
  paymentNotFound: 'Payment not found',
} as const;
