import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders';
import { jsonReply } from '../../test/fake-api';
import { anOrder, aShipment, shipmentUpdatesOf } from '../../test/orders';
import { renderShop } from '../../test/render-shop';
import { aUser } from '../../test/users';

// The lazily loaded routes and a busy machine outlast Testing Library's default wait of 1 s.
configure({ asyncUtilTimeout: 5_000 });

// docs/product.md#the-order-page: the page the order e-mails and SMS open, in each state of the order. The
// e-mail's link for a cancelled order is the browser journey e2e/orders.spec.ts.

function renderOrder(order: Order, user = aUser()) {
  return renderShop(`/orders/${order.orderId}`, {
    user,
    api: {
      [`GET /api/orders/${order.orderId}`]: { order },
      [`GET /api/orders/shipment-updates/${order.orderId}`]: shipmentUpdatesOf(order),
      [`GET /api/orders/${order.orderId}/documents`]: { invoice: null, creditNotes: [] },
    },
  });
}

async function headline(name: string) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
}

describe('the order page', { timeout: 30_000 }, () => {
  it('a paid order: paid, its status and its card', async () => {
    const order = anOrder();
    renderOrder(order);

    await headline('Payment Successful!');
    expect(screen.getByText('Status: Confirmed')).toBeTruthy();
    expect(await screen.findByRole('article', { name: `Order ${order.orderNumber}` })).toBeTruthy();
  });

  it('a pending payment: being confirmed, not paid, until the server says it is paid', async () => {
    const paid = anOrder();
    const pending: Order = { ...paid, paymentStatus: 'pending', paymentId: null, paidAt: null };
    let reads = 0;
    renderShop(`/orders/${paid.orderId}`, {
      user: aUser(),
      api: {
        [`GET /api/orders/${paid.orderId}`]: () => ({ order: ++reads === 1 ? pending : paid }),
        [`GET /api/orders/shipment-updates/${paid.orderId}`]: shipmentUpdatesOf(paid),
        [`GET /api/orders/${paid.orderId}/documents`]: { invoice: null, creditNotes: [] },
      },
    });

    await headline('Confirming your payment');
    expect(screen.queryByText('Payment Successful!')).toBeNull();
    // Asked again while pending: the page follows the payment once it is confirmed.
    await headline('Payment Successful!');
  });

  it('a cancelled and refunded order: Cancelled, and the refund', async () => {
    const order = anOrder({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundedPaise: 339_00,
      refundStatus: 'processed',
    });
    renderOrder(order);

    await headline('Order Cancelled');
    expect(
      screen.getByText(
        'This order was cancelled. ₹339.00 has been refunded to your original payment method.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Payment Successful!')).toBeNull();
    const card = await screen.findByRole('article', { name: `Order ${order.orderNumber}` });
    expect(card.textContent).toContain('Cancelled');
  });

  it('a delivered order: the day it was delivered, not an estimate (issue 45)', async () => {
    const order = anOrder({
      status: 'delivered',
      deliveredAt: '2026-03-05T09:30:00.000Z',
      shipment: aShipment({
        courierName: 'Delhivery',
        trackingNumber: 'AWB123',
        trackingStatus: 'Delivered',
        estimatedDelivery: '2026-03-07T12:00:00.000Z',
        stage: 'delivered',
      }),
    });
    renderOrder(order);

    const card = await screen.findByRole('article', { name: `Order ${order.orderNumber}` });
    const shipping = await within(card).findByRole('region', { name: /Shipping Information/ });
    expect(within(shipping).getByText('Delivered on').nextElementSibling?.textContent).toBe(
      'Thursday, 5 Mar',
    );
    expect(within(shipping).queryByText('Estimated delivery')).toBeNull();
  });

  it('a delivered order whose day is not known: no day at all, never an estimate', async () => {
    const order = anOrder({
      status: 'delivered',
      deliveredAt: null,
      shipment: aShipment({ estimatedDelivery: '2026-03-07T12:00:00.000Z', stage: 'delivered' }),
    });
    renderOrder(order);

    const card = await screen.findByRole('article', { name: `Order ${order.orderNumber}` });
    const shipping = await within(card).findByRole('region', { name: /Shipping Information/ });
    expect(within(shipping).queryByText('Estimated delivery')).toBeNull();
    expect(within(shipping).queryByText('Delivered on')).toBeNull();
  });

  it("another shopper's order, or none: Order not found", async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    renderShop(`/orders/${unknown}`, {
      user: aUser(),
      api: { [`GET /api/orders/${unknown}`]: () => jsonReply(404, { message: 'Order not found' }) },
    });

    await headline('Order not found');
  });

  it('a visitor signs in first, then comes back to the order', async () => {
    const user = userEvent.setup({ delay: null });
    const shopper = aUser();
    const order = anOrder({ status: 'cancelled', paymentStatus: 'refunded', refundedPaise: 339_00 });
    const { api } = renderShop(`/orders/${order.orderId}`, {
      api: {
        'POST /api/auth/login': () => ({ user: shopper }),
        [`GET /api/orders/${order.orderId}`]: { order },
        [`GET /api/orders/shipment-updates/${order.orderId}`]: shipmentUpdatesOf(order),
        [`GET /api/orders/${order.orderId}/documents`]: { invoice: null, creditNotes: [] },
      },
    });

    const dialog = await screen.findByRole('dialog', { name: 'Login' }, { timeout: 10_000 });
    expect(api.callsTo(`GET /api/orders/${order.orderId}`)).toEqual([]);
    await user.type(within(dialog).getByLabelText('Email'), shopper.email ?? '');
    await user.type(within(dialog).getByLabelText('Password'), 'silk-mitten-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await headline('Order Cancelled');
  });
});
