import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { arrivalText, promiseFactsOf } from '../../../contracts/delivery';
import type { Order } from '../../../contracts/orders';
import { type ApiRoutes, jsonReply } from '../../test/fake-api';
import { anOrder, aShipment, shipmentUpdatesOf } from '../../test/orders';
import { renderShop } from '../../test/render-shop';
import { aUser } from '../../test/users';

// The lazily loaded routes and a busy machine outlast Testing Library's default wait of 1 s.
configure({ asyncUtilTimeout: 5_000 });

// docs/product.md#screens Payment success: the shipment block in each state the shipment job passes through
// (most too quickly for a browser journey to catch), and the page for an order that is not a paid one of
// the shopper's. The pay-and-land journey itself is e2e/payment.spec.ts.

const texts = {
  pending: 'Shipping details will be available shortly.',
  noCourier: 'Courier not yet assigned',
  noTracking: 'Tracking will be available once courier is assigned',
};

function renderSuccess(order: Order, api: ApiRoutes = {}) {
  return renderShop(`/payment-success?orderId=${order.orderId}`, {
    user: aUser(),
    api: { [`GET /api/orders/${order.orderId}`]: { order }, ...api },
  });
}

/** The <dd> after a <dt> of the page's detail lists. */
function detail(term: string): string | null {
  const dt = screen.getAllByText(term, { selector: 'dt' })[0];
  return dt?.nextElementSibling?.textContent ?? null;
}

async function successHeading() {
  return screen.findByRole('heading', { level: 1, name: 'Payment Successful!' }, { timeout: 5_000 });
}

describe('the payment success page', { timeout: 30_000 }, () => {
  it('reads the order from the server: its short number and payment id, and the fallback text before the shipment exists', async () => {
    const order = anOrder({ shipment: null });
    const { api } = renderSuccess(order);

    await successHeading();
    expect(detail('Order ID')).toBe(order.orderNumber);
    expect(detail('Payment ID')).toBe('pay_Q9w8e7r6t5y4u3');
    expect(screen.getByText(texts.pending, { exact: true })).toBeTruthy();
    expect(screen.queryByText(texts.noCourier)).toBeNull();
    expect(api.callsTo(`GET /api/orders/${order.orderId}`).length).toBeGreaterThan(0);
  });

  it('booked without a courier: the courier and tracking texts, no fallback text and no Track Package', async () => {
    const order = anOrder({ status: 'processing', shipment: aShipment() });
    renderSuccess(order);

    await successHeading();
    expect(detail('Courier')).toBe(texts.noCourier);
    expect(detail('Tracking number')).toBe(texts.noTracking);
    expect(screen.queryByText(texts.pending)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Track Package' })).toBeNull();
    expect(detail('Payment ID')).toBe('pay_Q9w8e7r6t5y4u3');
  });

  it("with a courier: its name, AWB, status, the courier's day and Track Package; Shiprocket's own ids stay hidden", async () => {
    const shipment = aShipment({
      courierName: 'Delhivery Surface',
      trackingNumber: 'AWB1234567890',
      trackingStatus: 'OUT FOR PICKUP',
      estimatedDelivery: '2026-03-05T18:00:00.000Z',
      trackingUrl: 'https://shiprocket.co/tracking/AWB1234567890',
      courierTrackingUrl: 'https://shiprocket.co/tracking/AWB1234567890',
      hasTracking: true,
      hasCourier: true,
      canTrack: true,
      stage: 'pickup_scheduled',
    });
    const order = anOrder({ status: 'processing', shipment });
    renderSuccess(order);

    await successHeading();
    expect(detail('Courier')).toBe('Delhivery Surface');
    expect(detail('Tracking number')).toBe('AWB1234567890');
    expect(detail('Tracking status')).toBe('OUT FOR PICKUP');
    // docs/product.md#delivery-date: the courier's day, as a day, once: the shipment block does not repeat it.
    const arrival = arrivalText({ ...promiseFactsOf(order), courierEstimate: shipment.estimatedDelivery });
    expect(arrival).toMatch(/^Arriving /);
    expect(screen.queryByText('Estimated delivery', { selector: 'dt' })).toBeNull();
    expect(detail('Expected delivery')).toBe(arrival);
    expect(screen.getByRole('link', { name: 'Track Package' }).getAttribute('href')).toBe(
      'https://shiprocket.co/tracking/AWB1234567890',
    );
    expect(screen.queryByText('700000001')).toBeNull();
    expect(screen.queryByText('Shipment ID', { selector: 'dt' })).toBeNull();
  });

  it('leads on: Continue Shopping to the catalogue', async () => {
    const user = userEvent.setup();
    renderSuccess(anOrder({ shipment: null }));

    await successHeading();
    await user.click(screen.getByRole('link', { name: 'Continue Shopping' }));
    expect(await screen.findByRole('heading', { name: 'Our Mittens' }, { timeout: 5_000 })).toBeTruthy();
  });

  it('leads on: View Orders to My Orders, with the same order at ₹339.00', async () => {
    const user = userEvent.setup();
    const order = anOrder({ shipment: null });
    renderSuccess(order, {
      'GET /api/orders/my-orders-with-shipment': { orders: [{ ...order, shipmentEvents: [] }] },
      [`GET /api/orders/shipment-updates/${order.orderId}`]: shipmentUpdatesOf(order),
      [`GET /api/orders/${order.orderId}/documents`]: { invoice: null, creditNotes: [] },
    });

    await successHeading();
    await user.click(screen.getByRole('link', { name: 'View Orders' }));
    const card = await screen.findByRole(
      'article',
      { name: `Order ${order.orderNumber}` },
      { timeout: 5_000 },
    );
    expect(within(card).getByText('Payment ID: pay_Q9w8e7r6t5y4u3')).toBeTruthy();
    // docs/product.md#amount-display: rupees to two decimals.
    expect(card.querySelector('.order-card__amount')?.textContent).toBe('₹339.00');
  });

  it("shows no success for an id that is not one of the shopper's paid orders", async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    renderShop(`/payment-success?orderId=${unknown}`, {
      user: aUser(),
      api: { [`GET /api/orders/${unknown}`]: () => jsonReply(404, { message: 'Order not found' }) },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'No payment to show' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Payment Successful!')).toBeNull();
  });

  it('says a pending payment is being confirmed, never that it succeeded', async () => {
    const order = anOrder({ paymentStatus: 'pending', paymentId: null, paidAt: null });
    renderSuccess(order);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirming your payment' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByText(/We are still confirming the payment for this order/)).toBeTruthy();
    expect(screen.queryByText('Payment Successful!')).toBeNull();
    expect(screen.queryByText('Total paid')).toBeNull();
  });

  it('says a cancelled and refunded order is cancelled, with no delivery day', async () => {
    const order = anOrder({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundedPaise: 339_00,
      refundStatus: 'processed',
    });
    renderSuccess(order);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order Cancelled' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'This order was cancelled. ₹339.00 has been refunded to your original payment method.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Payment Successful!')).toBeNull();
    expect(screen.queryByText('Expected delivery')).toBeNull();
  });

  it('says a failed payment failed', async () => {
    const order = anOrder({ paymentStatus: 'failed', paymentId: null, paidAt: null });
    renderSuccess(order);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment Failed' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Payment Successful!')).toBeNull();
  });

  it("shows one delivery day: the courier's, with a word on how it moved from the promised one", async () => {
    const shipment = aShipment({
      courierName: 'Delhivery Surface',
      trackingNumber: 'AWB1234567890',
      estimatedDelivery: '2026-03-04T12:00:00.000Z',
      hasCourier: true,
    });
    renderSuccess(anOrder({ status: 'processing', promisedDeliveryDate: '2026-03-06', shipment }));

    await successHeading();
    expect(detail('Expected delivery')).toBe('Arriving earlier: Wednesday, 4 Mar');
    expect(screen.queryByText('Estimated delivery')).toBeNull();
  });

  it('a delivered order: the day it was delivered, not an expected one (issue 45)', async () => {
    const shipment = aShipment({ estimatedDelivery: '2026-03-07T12:00:00.000Z', stage: 'delivered' });
    renderSuccess(anOrder({ status: 'delivered', deliveredAt: '2026-03-05T09:30:00.000Z', shipment }));

    await successHeading();
    expect(detail('Delivered on')).toBe('Thursday, 5 Mar');
    expect(screen.queryByText('Expected delivery')).toBeNull();
  });
});
