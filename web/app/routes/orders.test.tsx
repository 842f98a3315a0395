import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order, ShipmentUpdates } from '../../../contracts/orders';
import { deferred } from '../../test/deferred';
import { type ApiRoutes, jsonReply } from '../../test/fake-api';
import { anOrder, aShipment, shipmentUpdatesOf } from '../../test/orders';
import { renderShop } from '../../test/render-shop';
import { aUser } from '../../test/users';

// The lazily loaded routes and a busy machine outlast Testing Library's default wait of 1 s.
configure({ asyncUtilTimeout: 5_000 });

// docs/product.md#screens My Orders: the page's states (a visitor, no orders) and a card's (a refused cancel,
// Shiprocket down, the tracking modal's error, no shipment yet). Following a parcel and cancelling with a
// refund are the browser journey e2e/orders.spec.ts.

// docs/product.md#screens and docs/product.md#messages texts.
const texts = {
  loadingOrders: 'Loading orders...',
  noOrders: 'No orders found',
  noOrdersHint: 'Your order history will appear here once you place an order.',
  courierNotAssigned: 'Courier not yet assigned',
  trackingLater: 'Tracking will be available once courier is assigned',
  notYetProcessed: 'Shipping details will be available once your order is processed',
  unableToFetch: 'Unable to fetch shipping details: ',
  trackingError: 'Tracking Error:',
  pickedUp: 'This order has already been picked up by the courier and can no longer be cancelled.',
  shiprocketDown: 'Tracking is temporarily unavailable. Please try again in a few minutes.',
};

// The routes' chunks load lazily; on a busy machine that takes more than findBy's default second.
const slow = { timeout: 10_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

/** My Orders for a signed-in shopper with these orders, each with its shipment-updates and documents. */
function renderOrders(orders: Order[], api: ApiRoutes = {}) {
  const routes: ApiRoutes = {
    'GET /api/orders/my-orders-with-shipment': { orders: orders.map((o) => ({ ...o, shipmentEvents: [] })) },
  };
  for (const order of orders) {
    routes[`GET /api/orders/shipment-updates/${order.orderId}`] = shipmentUpdatesOf(order);
    routes[`GET /api/orders/${order.orderId}/documents`] = { invoice: null, creditNotes: [] };
  }
  return renderShop('/orders', { user: aUser(), api: { ...routes, ...api } });
}

async function cardOf(order: Order): Promise<HTMLElement> {
  return screen.findByRole('article', { name: `Order ${order.orderNumber}` }, slow);
}

function shippingOf(card: HTMLElement): HTMLElement {
  return within(card).getByRole('region', { name: /^Shipping Information Order / });
}

/** The <dd> after a <dt> of a detail list. */
function detail(scope: HTMLElement, term: string): string | null {
  return within(scope).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
}

const pickupScheduled = aShipment({
  courierName: 'Delhivery Surface',
  trackingNumber: 'AWB1234567890',
  trackingStatus: 'PICKUP SCHEDULED',
  hasTracking: true,
  hasCourier: true,
  canTrack: true,
  stage: 'pickup_scheduled',
});

describe('My Orders', { timeout: 30_000 }, () => {
  it('asks a visitor to log in, then comes back to My Orders', async () => {
    const user = userEvent.setup({ delay: null });
    const shopper = aUser();
    const { api } = renderShop('/orders', {
      api: {
        'POST /api/auth/login': () => ({ user: shopper }),
        'GET /api/orders/my-orders-with-shipment': { orders: [] },
      },
    });

    const dialog = await screen.findByRole('dialog', { name: 'Login' }, slow);
    expect(screen.queryByText(texts.loadingOrders)).toBeNull();
    expect(api.callsTo('GET /api/orders/my-orders-with-shipment')).toEqual([]);

    // The login returns to /orders (returnTo=%2Forders).
    await user.type(within(dialog).getByLabelText('Email'), shopper.email ?? '');
    await user.type(within(dialog).getByLabelText('Password'), 'silk-mitten-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' }, slow)).toBeTruthy();
  });

  it('shows a shopper without orders the empty state; its Refresh reads the profile and the orders again', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderOrders([]);

    expect(await screen.findByRole('heading', { name: texts.noOrders }, slow)).toBeTruthy();
    expect(screen.getByText(texts.noOrdersHint)).toBeTruthy();
    const profileReads = api.callsTo('GET /api/auth/profile').length;
    const orderReads = api.callsTo('GET /api/orders/my-orders-with-shipment').length;

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/orders/my-orders-with-shipment')).toHaveLength(orderReads + 1),
    );
    expect(api.callsTo('GET /api/auth/profile').length).toBeGreaterThan(profileReads);
    expect(screen.getByRole('heading', { name: texts.noOrders })).toBeTruthy();
  });

  it('a cancel after the courier collected the parcel: the reason, and the card reads the order again', async () => {
    const user = userEvent.setup({ delay: null });
    const order = anOrder({ status: 'processing', shipment: pickupScheduled });
    const shipped: Order = { ...order, status: 'shipped', canCancel: false };
    const { api } = renderOrders([order], {
      [`POST /api/orders/cancel/${order.orderId}`]: () => {
        // Picked up meanwhile: the next read of the orders says so.
        api.on({
          'GET /api/orders/my-orders-with-shipment': { orders: [{ ...shipped, shipmentEvents: [] }] },
        });
        return jsonReply(409, { message: texts.pickedUp });
      },
    });

    const card = await cardOf(order);
    await user.click(within(card).getByRole('button', { name: 'Cancel Order' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel Order' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, Cancel Order' }));

    await waitFor(() => expect(within(card).getByRole('alert').textContent).toBe(texts.pickedUp));
    await waitFor(() => expect(card.querySelector('.order-status')?.textContent).toBe('Shipped'));
    expect(within(card).queryByRole('button', { name: 'Cancel Order' })).toBeNull();
    expect(card.querySelector('.order-card__paid')?.textContent).toBe('Paid');
    expect(api.callsTo(`POST /api/orders/cancel/${order.orderId}`)).toHaveLength(1);
  });

  it('a cash-on-delivery order: its fee among the payment lines, and a cancel that refunds nothing', async () => {
    const user = userEvent.setup({ delay: null });
    // docs/architecture.md#money-record: ₹988 of goods, ₹75 shipping and the ₹49 fee make the ₹1,112 total.
    const order = anOrder({
      status: 'confirmed',
      paymentStatus: 'cod_due',
      paymentMethod: 'COD',
      paymentId: null,
      subtotalPaise: 988_00,
      shippingPaise: 75_00,
      codFeePaise: 49_00,
      totalPaise: 1112_00,
      paidPaise: 0,
    });
    renderOrders([order]);

    const card = await cardOf(order);
    // No online payment to name: it says how it is paid, not "Payment ID: —".
    expect(within(card).getByText('Payment: cash on delivery')).toBeTruthy();
    expect(card.textContent).not.toContain('Payment ID');
    const payment = within(card).getByRole('region', { name: /^Payment Information Order / });
    expect(detail(payment, 'Cash on delivery fee')).toBe('₹49.00');
    expect(detail(payment, 'Total')).toBe('₹1,112.00');
    await user.click(within(card).getByRole('button', { name: 'Cancel Order' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel Order' });
    expect(within(confirm).getByText(/^Cancel order/).textContent).toBe(
      `Cancel order ${order.orderNumber}? Nothing was paid, so nothing is refunded.`,
    );
  });

  it('a paid order: the cancel says the payment received goes back in full', async () => {
    const user = userEvent.setup({ delay: null });
    const order = anOrder({ status: 'confirmed', paidPaise: 339_00 });
    renderOrders([order]);

    const card = await cardOf(order);
    await user.click(within(card).getByRole('button', { name: 'Cancel Order' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel Order' });
    expect(within(confirm).getByText(/^Cancel order/).textContent).toBe(
      `Cancel order ${order.orderNumber}? Your payment of ₹339.00 will be refunded in full to your original payment method.`,
    );
  });

  it('while Shiprocket is down, Refresh says why and keeps what is known; then it recovers', async () => {
    const user = userEvent.setup({ delay: null });
    const order = anOrder({ status: 'processing', shipment: pickupScheduled });
    const stored = shipmentUpdatesOf(order);
    const held = deferred<ShipmentUpdates>();
    const { api } = renderOrders([order], {
      // The server keeps the stored details and says why (server/http/shop/tracking.test.ts).
      [`POST /api/orders/refresh-tracking/${order.orderId}`]: () => held.promise,
    });

    const shipping = shippingOf(await cardOf(order));
    await waitFor(() => expect(detail(shipping, 'Tracking status')).toBe('PICKUP SCHEDULED'));
    await user.click(within(shipping).getByRole('button', { name: 'Refresh' }));
    // Held a moment, to see the per-order loading state.
    const refreshing = await within(shipping).findByRole('button', { name: 'Refreshing...' });
    expect((refreshing as HTMLButtonElement).disabled).toBe(true);
    expect(shipping.getAttribute('aria-busy')).toBe('true');
    held.resolve({ ...stored, error: texts.shiprocketDown });

    expect(
      await within(shipping).findByText(`${texts.unableToFetch}${texts.shiprocketDown}`, { exact: true }),
    ).toBeTruthy();
    // What we stored is still shown under the error.
    expect(detail(shipping, 'Tracking status')).toBe('PICKUP SCHEDULED');
    await waitFor(() =>
      expect((within(shipping).getByRole('button', { name: 'Refresh' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );

    api.on({ [`POST /api/orders/refresh-tracking/${order.orderId}`]: stored });
    await user.click(within(shipping).getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(within(shipping).queryByText(texts.unableToFetch, { exact: false })).toBeNull(),
    );
    expect(detail(shipping, 'Courier')).toBe('Delhivery Surface');
  });

  it("the tracking modal's error state: 'Tracking Error:' and the message; Try again shows the timeline", async () => {
    const user = userEvent.setup({ delay: null });
    const order = anOrder({ status: 'processing', shipment: pickupScheduled });
    const { api } = renderOrders([order], {
      [`GET /api/orders/track/${order.orderId}`]: () =>
        jsonReply(502, { message: 'The courier is not answering.' }),
    });

    const card = await cardOf(order);
    await user.click(within(card).getByRole('button', { name: 'Track' }));
    const modal = screen.getByRole('dialog', { name: `Track Order ${order.orderNumber}` });
    const alert = await within(modal).findByRole('alert', {}, slow);
    expect(alert.textContent).toBe(`${texts.trackingError} The courier is not answering.`);

    // Asked again once the call works: the timeline replaces the error.
    api.on({ [`GET /api/orders/track/${order.orderId}`]: shipmentUpdatesOf(order) });
    await user.click(within(modal).getByRole('button', { name: 'Try again' }));
    expect(await within(modal).findByRole('heading', { name: 'Tracking updates' })).toBeTruthy();
    expect(within(modal).queryByRole('alert')).toBeNull();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: `Track Order ${order.orderNumber}` })).toBeNull(),
    );
  });

  it('an order whose shipment is not booked yet: the fallback texts, then Refresh finds no courier yet', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const order = anOrder({ shipment: null });
    renderOrders([order], {
      // docs/product.md#messages: a 500 from the shipping check is expected for a new order.
      [`GET /api/orders/shipment-updates/${order.orderId}`]: () =>
        jsonReply(500, { message: 'Shipment not found' }),
      // The server knows the order and has no courier for it yet (tracking-routes.test.ts).
      [`POST /api/orders/refresh-tracking/${order.orderId}`]: shipmentUpdatesOf(order),
    });

    const shipping = shippingOf(await cardOf(order));
    expect(await within(shipping).findByText(texts.notYetProcessed, { exact: true }, slow)).toBeTruthy();
    expect(within(shipping).queryByText(texts.unableToFetch, { exact: false })).toBeNull();

    await user.click(within(shipping).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(shipping).queryByText(texts.notYetProcessed)).toBeNull());
    expect(detail(shipping, 'Courier')).toBe(texts.courierNotAssigned);
    expect(detail(shipping, 'Tracking number')).toBe(texts.trackingLater);
  });

  it('shows the code an order used and its discount in the payment details (docs/product.md#discount-codes)', async () => {
    // Two Luxury Mitt Black at ₹599 with WELCOME10: ₹1,198 less ₹119.80, shipping free.
    const withCode = anOrder({
      subtotalPaise: 1_198_00,
      couponCode: 'WELCOME10',
      couponDiscountPaise: 119_80,
      shippingPaise: 0,
      totalPaise: 1_078_20,
    });
    const freeDelivery = anOrder({
      couponCode: 'FREESHIP',
      couponFreeShipping: true,
      shippingPaise: 0,
      totalPaise: 239_00,
    });
    renderOrders([withCode, freeDelivery]);
    const payment = within(await cardOf(withCode)).getByRole('region', {
      name: /^Payment Information Order /,
    });
    expect(detail(payment, 'Coupon Discount (WELCOME10)')).toBe('−₹119.80');
    expect(detail(payment, 'Total')).toBe('₹1,078.20');
    const other = within(await cardOf(freeDelivery)).getByRole('region', {
      name: /^Payment Information Order /,
    });
    expect(within(other).queryByText(/^Coupon Discount/)).toBeNull();
    expect(detail(other, 'Shipping')).toBe('FREE (coupon FREESHIP)');
  });

  it('shows the prepaid offer under the code in the payment details (docs/product.md#prepaid-offer)', async () => {
    // ₹1,198 less WELCOME10's ₹119.80, then the prepaid offer's ₹40: ₹1,038.20.
    const withOffer = anOrder({
      subtotalPaise: 1_198_00,
      couponCode: 'WELCOME10',
      couponDiscountPaise: 119_80,
      prepaidDiscountPaise: 40_00,
      shippingPaise: 0,
      totalPaise: 1_038_20,
    });
    renderOrders([withOffer]);
    const payment = within(await cardOf(withOffer)).getByRole('region', {
      name: /^Payment Information Order /,
    });
    expect(detail(payment, 'Prepaid offer')).toBe('−₹40.00');
    expect(detail(payment, 'Total')).toBe('₹1,038.20');
  });

  it('asks the advance of a COD order waiting for it, and shows the advance paid once it confirmed the order', async () => {
    const awaiting = anOrder({
      status: 'pending',
      paymentStatus: 'cod_due',
      paymentMethod: 'COD',
      paymentId: null,
      codConfirmBy: '2026-11-28T10:30:00.000Z',
      codAdvancePaise: 9_900,
      codAdvance: 'due',
    });
    const confirmed = anOrder({
      status: 'confirmed',
      paymentStatus: 'cod_due',
      paymentMethod: 'COD',
      codAdvancePaise: 9_900,
      codAdvance: 'paid',
    });
    renderOrders([awaiting, confirmed]);
    const card = await cardOf(awaiting);
    expect(within(card).getByText(/^Please pay the ₹99.00 advance by UPI by /)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Pay ₹99.00 advance' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Confirm order' })).toBeNull();
    const payment = within(await cardOf(confirmed)).getByRole('region', {
      name: /^Payment Information Order /,
    });
    expect(detail(payment, 'Advance paid (UPI)')).toBe('₹99.00');
  });

  it('asks for a new OTP to confirm a cash-on-delivery order left unconfirmed, and shows it confirmed after', async () => {
    const user = userEvent.setup();
    const awaiting = anOrder({
      status: 'pending',
      paymentStatus: 'cod_due',
      paymentMethod: 'COD',
      paymentId: null,
      codConfirmBy: '2026-11-28T10:30:00.000Z',
    });
    const confirmed = {
      ...awaiting,
      status: 'confirmed' as const,
      codConfirmedAt: '2026-11-27T11:00:00.000Z',
    };
    let listed: Order = awaiting;
    const { api } = renderOrders([awaiting], {
      'GET /api/orders/my-orders-with-shipment': () => ({ orders: [{ ...listed, shipmentEvents: [] }] }),
      'POST /api/cod/resend-otp': {
        orderId: awaiting.orderId,
        orderNumber: awaiting.orderNumber,
        totalPaise: awaiting.totalPaise,
        otpSent: true,
        message: 'We sent an OTP to ******3210.',
        confirmBy: '2026-11-28T10:30:00.000Z',
      },
      'POST /api/cod/confirm': () => {
        listed = confirmed;
        return { orderId: awaiting.orderId, orderNumber: awaiting.orderNumber, message: 'Order confirmed.' };
      },
    });
    const card = await cardOf(awaiting);
    expect(within(card).getByText(/^Please confirm this cash-on-delivery order by /)).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Confirm order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your order' });
    expect(within(dialog).getByRole('status').textContent).toBe('We sent an OTP to ******3210.');
    await user.type(within(dialog).getByLabelText('OTP'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM ORDER' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm your order' })).toBeNull());
    expect(api.callsTo('POST /api/cod/confirm').map((call) => call.body)).toEqual([
      { orderId: awaiting.orderId, otp: '123456' },
    ]);
    const after = await cardOf(awaiting);
    await waitFor(() => expect(within(after).queryByRole('button', { name: 'Confirm order' })).toBeNull());
    expect(within(after).queryByText(/^Please confirm this cash-on-delivery order/)).toBeNull();
  });
});
