import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CartReply } from '../../contracts/cart';
import type { CreatePaymentOrderReply, Order, OrderConfirmation } from '../../contracts/orders';
import { orders, type ShipmentStage, shipments } from '../db/schema';
import { type JobQueue, jobQueues } from '../job-queues';
import { type OrderEmailJob, sendOrderEmail } from '../modules/orders/order-email';
import { codBookingFields } from '../providers/shiprocket/cod';
import type { TestApp } from './build-test-app';
import { readOutbox } from './dev-outbox';
import { createShopper, type ShopperOverrides } from './shopper-factory';

// Factories for order tests: shoppers, paid orders and booked parcels, made through the real API and the
// simulators, plus readers of the jobs and e-mails an order change queued.

export type CartLines = { id: number; quantity: number }[];

export function razorpaySimulatorOf(app: TestApp) {
  if (!app.razorpaySimulator) throw new Error('these tests run against the Razorpay simulator');
  return app.razorpaySimulator;
}

export function shiprocketSimulatorOf(app: TestApp) {
  if (!app.shiprocketSimulator) throw new Error('these tests run against the Shiprocket simulator');
  return app.shiprocketSimulator;
}

export type Shopper = Awaited<ReturnType<typeof newShopper>>;

/** A signed-up shopper (made by the factory) with these lines in the cart. */
export async function newShopper(
  app: TestApp,
  lines: CartLines = [{ id: 1, quantity: 1 }],
  overrides: ShopperOverrides = {},
) {
  const { user, headers, contact } = await createShopper(app, overrides);
  const shopper = {
    userId: user._id,
    /** Empty for a phone-only shopper. */
    email: contact.email,
    mobile: contact.mobile,
    headers,
    async setCart(cart: CartLines) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/cart/update',
        headers,
        payload: { cart },
      });
      expect(response.statusCode, response.body).toBe(200);
    },
    /** POST /api/payment/create-order, whatever it answers. */
    createOrder: (payload: object = {}) =>
      app.inject({ method: 'POST', url: '/api/payment/create-order', headers, payload }),
    /** POST /api/payment/create-order: a pending order and its Razorpay order. */
    async placeOrder(payload: object = {}): Promise<CreatePaymentOrderReply> {
      const response = await shopper.createOrder(payload);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CreatePaymentOrderReply>();
    },
    /** POST /api/orders/create-with-payment: what the browser reports after the Checkout window. */
    reportPayment: (payload: object) =>
      app.inject({ method: 'POST', url: '/api/orders/create-with-payment', headers, payload }),
    cart: async () => (await app.inject({ method: 'GET', url: '/api/cart', headers })).json<CartReply>().cart,
    myOrders: async () =>
      (await app.inject({ method: 'GET', url: '/api/orders/my-orders', headers })).json<{ orders: Order[] }>()
        .orders,
  };
  if (lines.length > 0) await shopper.setCart(lines);
  return shopper;
}

export interface PaidOrder {
  shopper: Shopper;
  orderId: string;
  razorpayOrderId: string;
  paymentId: string;
  totalPaise: number;
}

/** Checkout as the browser does it: create-order, pay in the simulated window, report the success. */
export async function placePaidOrder(
  app: TestApp,
  options: { shopper?: Shopper; lines?: CartLines } = {},
): Promise<PaidOrder> {
  const lines = options.lines ?? [{ id: 1, quantity: 1 }];
  const shopper = options.shopper ?? (await newShopper(app, lines));
  if (options.shopper) await shopper.setCart(lines);
  const placed = await shopper.placeOrder();
  const success = razorpaySimulatorOf(app).completePayment(placed.id);
  const response = await app.inject({
    method: 'POST',
    url: '/api/orders/create-with-payment',
    headers: shopper.headers,
    payload: success,
  });
  expect(response.statusCode, response.body).toBe(200);
  const confirmation = response.json<OrderConfirmation>();
  return {
    shopper,
    orderId: confirmation.orderId,
    razorpayOrderId: placed.id,
    paymentId: confirmation.paymentId,
    totalPaise: confirmation.order.totalPaise,
  };
}

export async function orderRow(app: TestApp, orderId: string) {
  const [row] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

/**
 * Books the order's parcel with the Shiprocket simulator up to `stage` and stores its shipment row, as the
 * shipment job would; `cod`: booked cash on delivery, the order's total to collect.
 */
export async function bookShipment(
  app: TestApp,
  orderId: string,
  stage: Extract<ShipmentStage, 'created' | 'awb_assigned' | 'pickup_scheduled'> = 'pickup_scheduled',
  { cod = false }: { cod?: boolean } = {},
) {
  const order = await orderRow(app, orderId);
  const address = order.shippingAddress;
  const shiprocket = app.shiprocket.client;
  const created = await shiprocket.createAdhocOrder({
    order_id: order.id,
    order_date: '2025-07-09 10:30',
    pickup_location: app.config.shipping.pickupLocation,
    billing_customer_name: address.firstName,
    billing_last_name: address.lastName,
    billing_address: `${address.houseName}, ${address.streetArea}`,
    billing_city: address.city,
    billing_pincode: address.pincode,
    billing_state: address.state,
    billing_country: address.country,
    billing_email: order.contact.email,
    billing_phone: order.contact.deliveryPhone ?? order.contact.phone,
    shipping_is_billing: true,
    order_items: [{ name: 'Face Mitt', sku: 'OM-1', units: 1, selling_price: order.subtotalPaise / 100 }],
    ...(cod
      ? codBookingFields({
          collectPaise: order.totalPaise,
          codFeePaise: 0,
          shippingPaise: order.shippingPaise,
        })
      : { payment_method: 'Prepaid' as const, sub_total: order.subtotalPaise / 100 }),
    length: 25,
    breadth: 20,
    height: 5,
    weight: 0.5,
  });
  let awbCode: string | null = null;
  let courierName: string | null = null;
  if (stage !== 'created') {
    const assigned = await shiprocket.assignAwb({ shipmentId: created.shipment_id });
    awbCode = assigned.response.data.awb_code;
    courierName = assigned.response.data.courier_name;
  }
  if (stage === 'pickup_scheduled') await shiprocket.generatePickup(created.shipment_id);
  const [shipment] = await app.db
    .insert(shipments)
    .values({
      orderId,
      shiprocketOrderId: String(created.order_id),
      shiprocketShipmentId: String(created.shipment_id),
      awbCode,
      courierName,
      stage,
    })
    .returning();
  if (!shipment) throw new Error('shipment row not written');
  return { shipment, shiprocketShipmentId: created.shipment_id };
}

/** The data of the jobs queued on `queue` for this order, oldest first. */
export async function queuedJobs<T = Record<string, unknown>>(
  app: TestApp,
  queue: JobQueue,
  orderId: string,
) {
  const result = (await app.db.execute(
    sql`select data, state, start_after > now() + interval '10 seconds' as delayed from pgboss.job
        where name = ${queue} and data->>'orderId' = ${orderId} order by created_on`,
  )) as unknown as { rows: { data: T; state: string; delayed: boolean }[] };
  return result.rows;
}

/** The data of the jobs queued on `queue` whose data has `key` = `value`, oldest first. */
export async function jobsOf(app: TestApp, queue: JobQueue, key: 'orderId' | 'paymentId', value: string) {
  const result = (await app.db.execute(
    sql`select data from pgboss.job where name = ${queue} and data->>${key} = ${value} order by created_on`,
  )) as unknown as { rows: { data: Record<string, string> }[] };
  return result.rows.map((row) => row.data);
}

/** Does the work of the order's queued e-mail jobs here (the tests run without workers); returns the kinds. */
export async function sendQueuedOrderEmails(app: TestApp, orderId: string): Promise<string[]> {
  const jobs = (await queuedJobs<OrderEmailJob>(app, jobQueues.sendOrderEmail, orderId)).filter(
    (job) => job.state === 'created',
  );
  for (const job of jobs) {
    await sendOrderEmail(app.db, app.notifier, job.data, app.config.publicUrl);
  }
  await app.db.execute(
    sql`update pgboss.job set state = 'completed'
        where name = ${jobQueues.sendOrderEmail} and data->>'orderId' = ${orderId} and state = 'created'`,
  );
  return jobs.map((job) => String(job.data.kind));
}

/** GET /api/dev/outbox?to=EMAIL, newest first. */
export function outboxOf(app: TestApp, email: string) {
  return readOutbox(app, email);
}
