import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectedDeliveryDate, formatArrivalDay } from '../../contracts/delivery';
import type { Order } from '../../contracts/orders';
import { shipments } from '../db/schema';
import { fillSmsTemplate } from '../modules/notifications/sms-templates';
import { msg91Transport } from '../modules/notifications/transports';
import { orderMessageOf } from '../modules/orders/order-message';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import {
  newShopper,
  outboxOf,
  placePaidOrder,
  razorpaySimulatorOf,
  sendQueuedOrderEmails,
} from '../test/order-helpers';
import { shippingDeps } from './deps';
import { createShipmentForOrder } from './fulfil-order';

let app: TestApp;
beforeAll(async () => {
  // The tests do the jobs' work themselves.
  app = await buildTestApp({ jobWorkers: false });
});
afterAll(() => app.closeAndDrop());
afterEach(() => {
  vi.restoreAllMocks();
});

const numberOf = (orderId: string) => `OM-${orderId.slice(0, 8).toUpperCase()}`;
const linkOf = (orderId: string) => `http://localhost:3000/orders/${orderId}`;

/** docs/product.md#delivery-date: the messages name the day checkout promised for the address's pincode. */
async function promisedDayOf(order: Order): Promise<string> {
  const promise = await app.deliveryPromises.promiseFor(order.shippingAddress.pincode);
  if (!promise.serviceable) throw new Error('the test pincode is served');
  expect(order.promisedDeliveryDate).toBe(promise.deliverBy);
  return formatArrivalDay(expectedDeliveryDate({ orderedAt: '', promisedDate: promise.deliverBy }));
}

async function paidAtOf(paid: { shopper: { myOrders(): Promise<Order[]> }; orderId: string }) {
  const order = (await paid.shopper.myOrders()).find((o) => o.orderId === paid.orderId);
  if (!order?.paidAt) throw new Error('the order is not paid');
  return order;
}

describe('order e-mails (docs/product.md#order-messages)', () => {
  it('e-mails a shopper with an e-mail an HTML message and its plain-text part', async () => {
    const paid = await placePaidOrder(app);
    expect(await sendQueuedOrderEmails(app, paid.orderId)).toEqual(['confirmed']);
    const order = await paidAtOf(paid);
    const number = numberOf(paid.orderId);
    const expectedBy = await promisedDayOf(order);
    const [mail, ...others] = await outboxOf(app, paid.shopper.email);
    expect(others.map((m) => m.subject)).toEqual([]);
    expect(mail?.channel).toBe('email');
    expect(mail?.subject).toBe(`Your order ${number} is confirmed`);
    expect(mail?.body).toBe(
      [
        'Hello Asha,',
        '',
        `Thank you for your order ${number}. We have received your payment of ₹339 and are preparing your mittens.`,
        'We will write again when your parcel is on its way.',
        '',
        `Order ${number}`,
        '- Face Mitt (Size M) x 1: ₹239',
        'Subtotal: ₹239',
        'Shipping: ₹100',
        'Total paid: ₹339',
        '',
        'Delivering to:',
        'Asha Rao',
        'Flat 4B, Lotus Residency',
        'MG Road',
        'Bengaluru, Karnataka, 560001',
        '',
        `Expected by ${expectedBy}`,
        '',
        `See your order: ${linkOf(paid.orderId)}`,
      ].join('\n'),
    );
    const html = mail?.html ?? '';
    expect(html.startsWith('<!DOCTYPE html')).toBe(true);
    for (const part of [
      `Order ${number}`,
      'Face Mitt (Size M) x 1',
      '₹239',
      'Total paid',
      '₹339',
      'Flat 4B, Lotus Residency',
      'Bengaluru, Karnataka, 560001',
      `Expected by ${expectedBy}`,
      `href="${linkOf(paid.orderId)}"`,
      'See your order',
    ]) {
      expect(html).toContain(part);
    }
    // Phones: no fixed page width wider than a phone, the card at most 560px.
    expect(html).toContain('max-width:560px');
    // A page of its own where a mail app shows it as one: language, title and a phone viewport.
    expect(html).toMatch(/<html[^>]* lang="en"/);
    expect(html).toContain(`<title>${mail?.subject}</title>`);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"');
    expect((await outboxOf(app, paid.shopper.mobile)).map((m) => m.body)).toEqual([]);
  });
});

describe('order SMS for a phone-only shopper (docs/product.md#phone-and-email)', () => {
  it('texts the confirmation, cancellation and refund, and e-mails nothing', async () => {
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }], { email: null });
    const paid = await placePaidOrder(app, { shopper });
    const number = numberOf(paid.orderId);
    const order = await paidAtOf(paid);
    const expectedBy = await promisedDayOf(order);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/orders/cancel/${paid.orderId}`,
      headers: shopper.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await razorpaySimulatorOf(app).webhooks.settled();
    expect(await sendQueuedOrderEmails(app, paid.orderId)).toEqual(['confirmed', 'cancelled', 'refunded']);

    const messages = await outboxOf(app, `+91${shopper.mobile}`);
    expect(messages.map((m) => [m.channel, m.to, m.subject, m.html])).toEqual([
      ['sms', shopper.mobile, '', null],
      ['sms', shopper.mobile, '', null],
      ['sms', shopper.mobile, '', null],
    ]);
    expect(messages.map((m) => m.body)).toEqual([
      `Ottoman Mittens: we have refunded ₹339 for your order ${number}. It takes 6-8 days to reach your account.`,
      `Ottoman Mittens: your order ${number} is cancelled. Any payment taken is refunded in 6-8 days. Details: ${linkOf(paid.orderId)}`,
      `Ottoman Mittens: your order ${number} of ₹339 is confirmed. Expected by ${expectedBy}. Details: ${linkOf(paid.orderId)}`,
    ]);
    const emails = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    const all = emails.json<{ messages: { channel: string; body: string }[] }>().messages;
    expect(all.filter((m) => m.channel === 'email' && m.body.includes(number))).toEqual([]);
  });

  it("books the parcel of a shopper with no e-mail, billed at the shop's care address", async () => {
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }], { email: null });
    const paid = await placePaidOrder(app, { shopper });
    const deps = shippingDeps(app);
    const booking = vi.spyOn(deps.shiprocket.client, 'createAdhocOrder');
    await createShipmentForOrder(deps, { orderId: paid.orderId });
    expect(booking.mock.calls).toEqual([
      [expect.objectContaining({ billing_email: 'care@ottomanmittens.in', billing_phone: shopper.mobile })],
    ]);
    expect(await app.db.select().from(shipments).where(eq(shipments.orderId, paid.orderId))).toHaveLength(1);
  });

  it('has one fixed text for each update, its variables filled', async () => {
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }], { email: null });
    const paid = await placePaidOrder(app, { shopper });
    const order = await paidAtOf(paid);
    const number = numberOf(paid.orderId);
    const shipped: Order = {
      ...order,
      refundedPaise: 33_900,
      shipment: {
        shiprocketOrderId: '1',
        shiprocketShipmentId: '2',
        courierName: 'Delhivery',
        trackingNumber: 'AWB123',
        trackingStatus: 'In Transit',
        estimatedDelivery: '2026-12-05T06:30:00.000Z',
        trackingUrl: 'https://track.example.in/AWB123',
        hasTracking: true,
        hasCourier: true,
        canTrack: true,
        stage: 'in_transit',
        courierTrackingUrl: 'https://track.example.in/AWB123',
        pickupScheduledAt: null,
        lastUpdatedAt: null,
      } as Order['shipment'],
    };
    const sms = (kind: Parameters<typeof orderMessageOf>[1]) => {
      const { template, variables } = orderMessageOf(shipped, kind, 'https://ottomanmittens.in').sms;
      return fillSmsTemplate(template, variables);
    };
    const link = `https://ottomanmittens.in/orders/${paid.orderId}`;
    expect(sms('confirmed')).toBe(
      `Ottoman Mittens: your order ${number} of ₹339 is confirmed. Expected by Saturday, 5 Dec. Details: ${link}`,
    );
    expect(sms('shipped')).toBe(
      `Ottoman Mittens: your order ${number} has shipped with Delhivery. Track it: https://track.example.in/AWB123`,
    );
    expect(sms('out_for_delivery')).toBe(
      `Ottoman Mittens: your order ${number} is out for delivery and should reach you today. Details: ${link}`,
    );
    expect(sms('delivered')).toBe(
      `Ottoman Mittens: your order ${number} has been delivered. We hope your skin loves the silk.`,
    );
    expect(sms('cancelled')).toBe(
      `Ottoman Mittens: your order ${number} is cancelled. Any payment taken is refunded in 6-8 days. Details: ${link}`,
    );
    expect(sms('refunded')).toBe(
      `Ottoman Mittens: we have refunded ₹339 for your order ${number}. It takes 6-8 days to reach your account.`,
    );
    // docs/product.md#delivery-date: a courier's day other than the promised one says how it moved; the SMS
    // template's variable keeps the day alone.
    const moved: Order = { ...shipped, promisedDeliveryDate: '2026-12-07' };
    const movedMessage = orderMessageOf(moved, 'shipped', 'https://ottomanmittens.in');
    expect(movedMessage.details.expectedBy).toBe('Saturday, 5 Dec, earlier than first promised');
    const movedSms = orderMessageOf(moved, 'confirmed', 'https://ottomanmittens.in').sms;
    expect(movedSms.variables.date).toBe('Saturday, 5 Dec');

    // docs/architecture.md#money-record: an amount with paise is said to the paisa, never rounded.
    const withPaise: Order = { ...shipped, totalPaise: 560_10, paidPaise: 560_10 };
    const { template, variables } = orderMessageOf(withPaise, 'confirmed', 'https://ottomanmittens.in').sms;
    expect(fillSmsTemplate(template, variables)).toBe(
      `Ottoman Mittens: your order ${number} of ₹560.10 is confirmed. Expected by Saturday, 5 Dec. Details: ${link}`,
    );
  });

  it('sends MSG91 the template of the update and its variables', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ type: 'success' }), { status: 200 }));
    const transport = msg91Transport({
      authKey: 'test-auth-key',
      otpTemplateId: 'otp-template',
      templateIds: { order_delivered: 'delivered-template' },
      baseUrl: 'https://msg91.example.in',
    });
    await transport.send({
      to: '9876501234',
      text: 'unused by MSG91',
      template: 'order_delivered',
      variables: { order: 'OM-1234ABCD' },
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe('https://msg91.example.in/api/v5/flow');
    expect(JSON.parse(String(init?.body))).toEqual({
      template_id: 'delivered-template',
      short_url: '0',
      recipients: [{ mobiles: '919876501234', order: 'OM-1234ABCD' }],
    });
    await expect(
      transport.send({ to: '9876501234', text: 'x', template: 'order_shipped', variables: {} }),
    ).rejects.toThrow('No MSG91 template id is configured for order_shipped');
  });
});
