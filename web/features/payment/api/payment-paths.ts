/** The payment and order calls of docs/product.md#http-api, relative to the API base. */
export const paymentApiPaths = {
  createOrder: '/payment/create-order',
  confirmPayment: '/orders/create-with-payment',
} as const;
