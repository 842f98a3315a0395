import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '../../../contracts/cart';
import type { CheckoutSuccess } from '../../features/payment/razorpay-checkout';
import { type ApiRoutes, jsonReply } from '../../test/fake-api';
import { catalogue } from '../../test/products';
import { renderShop } from '../../test/render-shop';
import { aUser } from '../../test/users';

// The lazily loaded routes and a busy machine outlast Testing Library's default wait of 1 s.
configure({ asyncUtilTimeout: 5_000 });

// docs/product.md#messages Payment and orders: what the checkout's payment error line says when paying does not
// complete. The Razorpay window itself (pay, fail, close, Escape) is the browser journey's (e2e/payment.spec.ts).

const texts = {
  cancelled: 'Payment was cancelled. Please try again.',
  timeout: 'Payment timeout. Please try again.',
  initializeFailed: 'Failed to initialize payment. Please try again.',
  orderCreationFailed: 'Payment successful but order creation failed. Please contact support.',
};

type Options = ConstructorParameters<NonNullable<Window['Razorpay']>>[0];

/** What the page asked to hear of a failed attempt ('payment.failed'), for the test to play. */
const failureHandlers: ((failure: { error: { description?: string } }) => void)[] = [];

/** Razorpay's Checkout as the page sees it: the test plays the shopper through the options it was given. */
function installFakeCheckout() {
  const opened: Options[] = [];
  failureHandlers.length = 0;
  window.Razorpay = class {
    constructor(options: Options) {
      opened.push(options);
    }
    on(_event: 'payment.failed', callback: (typeof failureHandlers)[number]) {
      failureHandlers.push(callback);
    }
    open() {}
  } as unknown as Window['Razorpay'];
  return opened;
}

const faceMitt = catalogue[0];
if (!faceMitt) throw new Error('the catalogue has no Face Mitt');
// One Face Mitt: ₹239 and ₹100 shipping, ₹339 (docs/product.md#money).
const line: CartLine = {
  ...faceMitt,
  discountedPrice: 239,
  size: 'M',
  quantity: 1,
  available: true,
  inStock: true,
};

const success: CheckoutSuccess = {
  razorpay_payment_id: 'pay_29QQoUBi66xm2f',
  razorpay_order_id: 'order_Q1w2e3r4t5',
  razorpay_signature: 'f'.repeat(64),
};

function renderCheckout(api: ApiRoutes = {}) {
  return renderShop('/checkout', {
    user: aUser(),
    api: {
      'GET /api/cart': { cart: [line] },
      'GET /api/delivery/411001': {
        pincode: '411001',
        serviceable: true,
        deliverBy: '2026-03-06',
        label: 'Delivery by Friday, 6 Mar',
      },
      'POST /api/payment/create-order': {
        id: 'order_Q1w2e3r4t5',
        key: 'rzp_test_shop',
        amount: 339_00,
        currency: 'INR',
        orderId: '5b0c1f4e-8d2a-4c6b-9e1f-2a3b4c5d6e7f',
      },
      ...api,
    },
  });
}

async function placeOrder() {
  const button = await screen.findByRole('button', { name: 'PLACE ORDER' }, { timeout: 5_000 });
  await waitFor(() => expect(screen.getByRole('heading', { name: '1/1 ITEMS SELECTED' })).toBeTruthy());
  await userEvent.click(button);
}

function errorLine(): string | null {
  return document.querySelector('.place-order__error')?.textContent ?? null;
}

/** docs/product.md#checkout-messages: the line is an alert inside the PLACE ORDER bar. */
function errorAlert(): HTMLElement {
  const line = document.querySelector<HTMLElement>('.place-order__bar [role="alert"].place-order__error');
  if (!line) throw new Error('no error line in the PLACE ORDER bar');
  return line;
}

afterEach(() => {
  delete window.Razorpay;
  vi.useRealTimers();
});

describe("checkout's payment error line", { timeout: 30_000 }, () => {
  it('says the payment was cancelled when the window is closed, and times out after 300000 ms', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const opened = installFakeCheckout();
    const { api } = renderCheckout();

    await placeOrder();
    await waitFor(() => expect(opened).toHaveLength(1));
    expect((screen.getByRole('button', { name: 'ORDERING...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('POST /api/payment/create-order').map((call) => call.body)).toEqual([
      { amount: 339_00, currency: 'INR' },
    ]);
    opened[0]?.modal.ondismiss();
    await waitFor(() => expect(errorLine()).toBe(texts.cancelled));
    await waitFor(() => expect(document.activeElement).toBe(errorAlert()));
    expect((screen.getByRole('button', { name: 'PLACE ORDER' }) as HTMLButtonElement).disabled).toBe(false);

    // docs/product.md#numbers-and-timings: the window times out after 300000 ms and closes itself.
    await placeOrder();
    await waitFor(() => expect(opened).toHaveLength(2));
    expect(errorLine()).toBe('');
    vi.setSystemTime(Date.now() + 300_000);
    opened[1]?.modal.ondismiss();
    await waitFor(() => expect(errorLine()).toBe(texts.timeout));
    await waitFor(() => expect(document.activeElement).toBe(errorAlert()));
    expect((screen.getByRole('button', { name: 'PLACE ORDER' }) as HTMLButtonElement).disabled).toBe(false);
    expect(api.callsTo('POST /api/orders/create-with-payment')).toEqual([]);
  });

  it('a failed attempt is announced in the bar while the window stays open; closing it, the cancel is focused', async () => {
    const opened = installFakeCheckout();
    renderCheckout();

    await placeOrder();
    await waitFor(() => expect(failureHandlers).toHaveLength(1));
    const ordering = screen.getByRole('button', { name: 'ORDERING...' });
    ordering.focus();
    failureHandlers[0]?.({ error: { description: 'Your payment has been declined by your bank.' } });
    await waitFor(() =>
      expect(errorLine()).toBe('Payment failed: Your payment has been declined by your bank.'),
    );
    // Razorpay's window keeps the focus for another try.
    expect(document.activeElement).toBe(ordering);

    opened[0]?.modal.ondismiss();
    await waitFor(() => expect(errorLine()).toBe(texts.cancelled));
    await waitFor(() => expect(document.activeElement).toBe(errorAlert()));
  });

  it("the shop refusing the browser's report: the documented message, and the shopper stays at checkout", async () => {
    const opened = installFakeCheckout();
    const { api } = renderCheckout({
      'POST /api/orders/create-with-payment': () =>
        jsonReply(400, { message: 'We could not verify this payment.' }),
    });

    await placeOrder();
    await waitFor(() => expect(opened).toHaveLength(1));
    opened[0]?.handler(success);

    await waitFor(() => expect(errorLine()).toBe(texts.orderCreationFailed));
    await waitFor(() => expect(document.activeElement).toBe(errorAlert()));
    expect(api.callsTo('POST /api/orders/create-with-payment').map((call) => call.body)).toEqual([success]);
    expect((screen.getByRole('button', { name: 'PLACE ORDER' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(screen.queryByText('Payment Successful!')).toBeNull();
  });

  it('Razorpay down at PLACE ORDER: the initialise message and no window; back up, the same button opens it', async () => {
    const opened = installFakeCheckout();
    const { api } = renderCheckout({
      'POST /api/payment/create-order': () => jsonReply(502, { message: texts.initializeFailed }),
    });

    await placeOrder();
    await waitFor(() => expect(errorLine()).toBe(texts.initializeFailed));
    expect((screen.getByRole('button', { name: 'PLACE ORDER' }) as HTMLButtonElement).disabled).toBe(false);
    expect(opened).toEqual([]);

    api.on({
      'POST /api/payment/create-order': {
        id: 'order_Q1w2e3r4t5',
        key: 'rzp_test_shop',
        amount: 339_00,
        currency: 'INR',
        orderId: '5b0c1f4e-8d2a-4c6b-9e1f-2a3b4c5d6e7f',
      },
    });
    await placeOrder();
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(errorLine()).toBe('');
  });

  it("Checkout's script failing to load: the initialise message, and no order is asked for", async () => {
    const appended: HTMLScriptElement[] = [];
    const append = document.head.append.bind(document.head);
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      for (const node of nodes) {
        if (node instanceof HTMLScriptElement) appended.push(node);
        else append(node);
      }
    });
    const { api } = renderCheckout();

    await placeOrder();
    await waitFor(() => expect(appended).toHaveLength(1));
    expect(appended[0]?.src).toContain('/sim/razorpay/checkout.js');
    appended[0]?.onerror?.(new Event('error'));

    await waitFor(() => expect(errorLine()).toBe(texts.initializeFailed));
    expect((screen.getByRole('button', { name: 'PLACE ORDER' }) as HTMLButtonElement).disabled).toBe(false);
    expect(api.callsTo('POST /api/payment/create-order')).toEqual([]);
    vi.restoreAllMocks();
  });
});
