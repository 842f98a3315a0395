/** The payment and order calls of spec §7, relative to the API base. */
export const paymentApiPaths = {
  createOrder: '/payment/create-order',
  confirmPayment: '/orders/create-with-payment',
} as const;
