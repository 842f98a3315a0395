import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { arrivalText, type DeliveryPromise } from '../../contracts/delivery';
import type { Order } from '../../contracts/orders';
import type { ShiprocketSimulator } from '../../server/simulators/shiprocket/plugin';
import { expect, type ShopServer } from '../fixtures';

// What the journeys share: the API calls that set a scene, the Shiprocket simulator, checkout as a shopper
// pays, and the success page's detail list.

/** A state-changing call from the page's context carries the header the API asks of cookie sessions. */
export const apiHeaders = { 'X-Requested-With': 'fetch' };

export async function fillCart(
  request: APIRequestContext,
  cart: { id: number; quantity: number }[],
): Promise<void> {
  const response = await request.post('/api/cart/update', { headers: apiHeaders, data: { cart } });
  expect(response.status(), await response.text()).toBe(200);
}

export async function orderOf(request: APIRequestContext, orderId: string): Promise<Order> {
  const response = await request.get(`/api/orders/${orderId}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { order: Order }).order;
}

export function shiprocketSimulatorOf(server: ShopServer): ShiprocketSimulator {
  const simulator = server.app.shiprocketSimulator;
  if (!simulator) throw new Error('the Shiprocket simulator is off');
  return simulator;
}

/** From checkout: PLACE ORDER, the simulator's test window, Pay; returns our order id from the success page. */
export async function payAtCheckout(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
  const paymentWindow = page.getByRole('dialog', { name: 'Razorpay test mode' });
  await expect(paymentWindow.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
  await paymentWindow.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
  expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
  return orderId;
}

/** Checkout, then pay for the cart as `payAtCheckout` does. */
export async function payForCart(page: Page): Promise<string> {
  await page.goto('/checkout');
  return payAtCheckout(page);
}

/** The shipment job has booked the parcel, got its AWB and scheduled the pickup. */
export async function pickupScheduled(request: APIRequestContext, orderId: string): Promise<Order> {
  await expect
    .poll(async () => (await orderOf(request, orderId)).shipment?.stage, { timeout: 20_000 })
    .toBe('pickup_scheduled');
  return orderOf(request, orderId);
}

/** The <dd> after a <dt> of a detail list. */
export function detail(scope: Locator | Page, term: string): Locator {
  return scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}

/**
 * docs/product.md#delivery-date: "Arriving Friday, 27 Nov", the day the shop promises now for the pincode,
 * as checkout shows it beside each item and the order then keeps.
 */
export async function promisedArrival(request: APIRequestContext, pincode: string): Promise<string> {
  const promise = (await (await request.get(`/api/delivery/${pincode}`)).json()) as DeliveryPromise;
  if (!promise.serviceable) throw new Error(`no courier serves ${pincode}`);
  return arrivalText({ orderedAt: new Date(), promisedDate: promise.deliverBy });
}
