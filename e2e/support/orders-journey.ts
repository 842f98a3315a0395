import type { APIRequestContext } from '@playwright/test';
import type { CreatePaymentOrderReply, OrderConfirmation } from '../../contracts/orders';
import { expect, type ShopServer } from '../fixtures';
import { apiHeaders, fillCart } from './shop';

/**
 * A paid order of the signed-in shopper, made as the browser's checkout makes it but through the API (create-order,
 * the simulated Razorpay payment, the browser's report): set-up for the My Orders journeys, which do not click
 * through checkout (that is e2e/payment.spec.ts's journey).
 */
export async function paidOrderOf(
  request: APIRequestContext,
  server: ShopServer,
  cart: { id: number; quantity: number }[],
): Promise<string> {
  const simulator = server.app.razorpaySimulator;
  if (!simulator) throw new Error('the Razorpay simulator is off');
  await fillCart(request, cart);
  const created = await request.post('/api/payment/create-order', { headers: apiHeaders, data: {} });
  expect(created.status(), await created.text()).toBe(200);
  const placed = (await created.json()) as CreatePaymentOrderReply;
  const reported = await request.post('/api/orders/create-with-payment', {
    headers: apiHeaders,
    data: simulator.completePayment(placed.id),
  });
  expect(reported.status(), await reported.text()).toBe(200);
  return ((await reported.json()) as OrderConfirmation).orderId;
}
