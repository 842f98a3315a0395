import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders';
import { anNdrView, anOrderDeliveryIssue } from '../../test/ndr';
import { anOrder, aShipment, shipmentUpdatesOf } from '../../test/orders';
import { renderShop } from '../../test/render-shop';
import { aUser } from '../../test/users';

configure({ asyncUtilTimeout: 10_000 });

// docs/product.md#failed-deliveries on My Orders and the order page: the failed delivery's word on the order's
// card, the way to the choice while it is open, and each failed attempt in the tracking.

const outForDelivery = aShipment({
  courierName: 'Delhivery Surface',
  trackingNumber: 'AWB1234567890',
  trackingStatus: 'UNDELIVERED',
  hasTracking: true,
  hasCourier: true,
  canTrack: true,
  stage: 'out_for_delivery',
});

function renderOrders(orders: Order[]) {
  return renderShop('/orders', {
    user: aUser(),
    api: {
      'GET /api/orders/my-orders-with-shipment': {
        orders: orders.map((o) => ({ ...o, shipmentEvents: [] })),
      },
      ...Object.fromEntries(
        orders.flatMap((order) => [
          [`GET /api/orders/shipment-updates/${order.orderId}`, shipmentUpdatesOf(order)],
          [`GET /api/orders/${order.orderId}/documents`, { invoice: null, creditNotes: [] }],
          [
            `GET /api/orders/${order.orderId}/returns`,
            { offer: { offered: false, message: null }, returns: [] },
          ],
        ]),
      ),
    },
  });
}

function anUndeliveredOrder(overrides: Partial<Order> = {}) {
  return anOrder({
    status: 'out_for_delivery',
    shipment: outForDelivery,
    canCancel: false,
    deliveryIssue: anOrderDeliveryIssue(),
    ...overrides,
  });
}

describe('a failed delivery in My Orders', { timeout: 30_000 }, () => {
  it('says which attempt failed and why, the time left, and links to the choice', async () => {
    const order = anUndeliveredOrder();
    renderOrders([order]);
    const card = await screen.findByRole('article', { name: `Order ${order.orderNumber}` });
    expect(
      within(card).getByText('Delivery attempt 1 of 3 failed: Nobody was available to receive the parcel.'),
    ).toBeTruthy();
    expect(within(card).getByText('Status: Waiting for a choice')).toBeTruthy();
    expect(within(card).getByText(/\(5 hours 30 minutes left\)\./)).toBeTruthy();
    const choose = within(card).getByRole('link', { name: 'Choose what happens' });
    expect(choose.getAttribute('href')).toBe(`/delivery?order=${order.orderId}`);
  });

  it('shows the new date of a re-attempt, and no link once the choice is made', async () => {
    const order = anUndeliveredOrder({
      deliveryIssue: anOrderDeliveryIssue({
        status: 'reattempt_requested',
        attempts: 2,
        reattemptDate: '2026-12-10',
        canChoose: false,
      }),
    });
    renderOrders([order]);
    const card = await screen.findByRole('article', { name: `Order ${order.orderNumber}` });
    expect(within(card).getByText(/^Delivery attempt 2 of 3 failed/)).toBeTruthy();
    expect(
      within(card).getByText('Status: Delivering again. New delivery date: Thursday, 10 December'),
    ).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Choose what happens' })).toBeNull();
  });

  it('says nothing of a failed delivery on an order without one, or once the parcel was delivered after all', async () => {
    const plain = anOrder();
    const deliveredAfterAll = anUndeliveredOrder({
      status: 'delivered',
      deliveryIssue: anOrderDeliveryIssue({ status: 'delivered', attempts: 2, canChoose: false }),
    });
    renderOrders([plain, deliveredAfterAll]);
    await screen.findByRole('article', { name: `Order ${plain.orderNumber}` });
    expect(screen.queryByText(/^Delivery attempt/)).toBeNull();
  });

  it("says it on the order's own page too, where the messages link", async () => {
    const order = anUndeliveredOrder({
      deliveryIssue: anOrderDeliveryIssue({ attempts: 2, reason: 'phone_unreachable' }),
    });
    renderShop(`/orders/${order.orderId}`, {
      user: aUser(),
      api: {
        [`GET /api/orders/${order.orderId}`]: { order },
        [`GET /api/orders/shipment-updates/${order.orderId}`]: shipmentUpdatesOf(order),
        [`GET /api/orders/${order.orderId}/documents`]: { invoice: null, creditNotes: [] },
        [`GET /api/orders/${order.orderId}/returns`]: {
          offer: { offered: false, message: null },
          returns: [],
        },
        [`GET /api/orders/${order.orderId}/delivery-issue`]: anNdrView({
          orderId: order.orderId,
          orderNumber: order.orderNumber,
          attempts: 2,
          reason: 'phone_unreachable',
        }),
      },
    });
    const card = await screen.findByRole('article', { name: `Order ${order.orderNumber}` });
    expect(
      within(card).getByText('Delivery attempt 2 of 3 failed: The courier could not reach your phone.'),
    ).toBeTruthy();
    await userEvent.click(within(card).getByRole('link', { name: 'Choose what happens' }));
    // The page's own route, for the signed-in shopper's order.
    expect(await screen.findByRole('heading', { level: 1, name: 'Your delivery' })).toBeTruthy();
    expect(await screen.findByText('The courier could not reach your phone')).toBeTruthy();
    expect(screen.getByText(`Order ${order.orderNumber}`)).toBeTruthy();
  });

  it('marks each failed attempt in the tracking, oldest first, with the latest under the steps', async () => {
    const user = userEvent.setup({ delay: null });
    const order = anUndeliveredOrder({
      deliveryIssue: anOrderDeliveryIssue({
        status: 'reattempt_requested',
        attempts: 2,
        reattemptDate: '2026-12-10',
        canChoose: false,
      }),
    });
    const { api } = renderOrders([order]);
    api.on({
      [`GET /api/orders/track/${order.orderId}`]: shipmentUpdatesOf(order, {
        shipmentEvents: [
          {
            date: '2026-12-09T11:00:00.000Z',
            status: 'UNDELIVERED',
            statusCode: 21,
            activity: 'Door locked',
            location: 'Pune',
          },
          {
            date: '2026-12-09T04:00:00.000Z',
            status: 'OUT FOR DELIVERY',
            statusCode: 19,
            activity: 'Out for delivery',
            location: 'Pune',
          },
          {
            date: '2026-12-08T11:00:00.000Z',
            status: 'UNDELIVERED',
            statusCode: 21,
            activity: 'Customer not available',
            location: 'Pune',
          },
        ],
      }),
    });
    const card = await screen.findByRole('article', { name: `Order ${order.orderNumber}` });
    await user.click(within(card).getByRole('button', { name: 'Track' }));
    const modal = screen.getByRole('dialog', { name: `Track Order ${order.orderNumber}` });
    const timeline = await within(modal).findByRole('list', { name: 'Tracking updates' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.tracking__failed')?.textContent ?? null),
    ).toEqual(['Delivery attempt 2 failed', null, 'Delivery attempt 1 failed']);
    expect(
      within(modal).getByText(
        'Delivery attempt 2 of 3 failed: Nobody was available to receive the parcel. New delivery date: Thursday, 10 December',
      ),
    ).toBeTruthy();
  });
});
