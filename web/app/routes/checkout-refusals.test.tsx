import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../contracts/auth';
import { type ApiRoutes, jsonReply } from '../../test/fake-api';
import { renderShop } from '../../test/render-shop';
import { cartLineOf, cartServer, deliveryRoute } from '../../test/shop-lists';
import { aUser } from '../../test/users';

// docs/product.md#checkout-messages: every refusal or failure at PLACE ORDER, the browser's own checks and the
// server's alike, lands on the one error line inside the PLACE ORDER bar (on a phone fixed to the screen's
// bottom), announced (role="alert") and focused. The payment window's cancel and failure:
// checkout-payment.test.tsx; the cancel on a phone's screen, in the browser: e2e/payment.spec.ts.

const loading = { timeout: 10_000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderCheckout({ user = aUser(), api = {} }: { user?: User; api?: ApiRoutes } = {}) {
  const rendered = renderShop('/checkout', {
    user,
    api: { ...cartServer([{ id: 1, quantity: 1 }]).routes, ...deliveryRoute(user.pincode ?? ''), ...api },
  });
  await screen.findByRole('heading', { name: '1/1 ITEMS SELECTED' }, loading);
  return rendered;
}

async function placeOrder() {
  await userEvent.click(screen.getByRole('button', { name: 'PLACE ORDER' }));
}

/** The refusal is said once, as an alert inside the PLACE ORDER bar, and has the focus. */
async function expectRefusalInView(text: string) {
  const alert = await screen.findByText(text, { selector: '[role="alert"]' }, loading);
  await waitFor(() => expect(document.activeElement).toBe(alert));
  expect(alert.closest('.place-order__bar')).not.toBeNull();
  expect(screen.getByRole('button', { name: 'PLACE ORDER' })).toHaveProperty('disabled', false);
}

/** Razorpay's refusals come after its script loaded; here it is already there. */
function refusingCreateOrder(status: number, message: string): ApiRoutes {
  vi.stubGlobal('Razorpay', class {});
  return { 'POST /api/payment/create-order': () => jsonReply(status, { message }) };
}

describe('a refusal at checkout', { timeout: 30_000 }, () => {
  it('an address missing: said in the bar and focused, no order asked for', async () => {
    const { api } = await renderCheckout({ user: aUser({ pincode: '' }) });
    await placeOrder();
    await expectRefusalInView('Please complete your profile with address details before placing order.');
    expect(api.callsTo('POST /api/payment/create-order')).toEqual([]);
  });

  it('a pincode no courier serves: said in the bar and focused', async () => {
    const user = aUser({ pincode: '990001' });
    const { api } = await renderCheckout({ user, api: deliveryRoute('990001', false) });
    await screen.findByText("We don't deliver to 990001 yet");
    await placeOrder();
    await expectRefusalInView(
      "We don't deliver to 990001 yet. Please change the delivery address to a pincode we deliver to.",
    );
    expect(api.callsTo('POST /api/payment/create-order')).toEqual([]);
  });

  it('an item no longer available in the cart: said in the bar and focused', async () => {
    await renderCheckout({
      api: { 'GET /api/cart': { cart: [{ ...cartLineOf({ id: 1, quantity: 1 }), available: false }] } },
    });
    await placeOrder();
    await expectRefusalInView('Please remove the items that are no longer available to check out.');
  });

  it("out of stock by the server's count: its message in the bar, focused", async () => {
    await renderCheckout({
      api: refusingCreateOrder(409, 'Sorry, Face Mitt is out of stock. Please remove it from your cart.'),
    });
    await placeOrder();
    await expectRefusalInView('Sorry, Face Mitt is out of stock. Please remove it from your cart.');
  });

  it('a price that changed since the page was drawn: said in the bar and focused', async () => {
    await renderCheckout({
      api: refusingCreateOrder(
        409,
        'Your cart changed while you were checking out. Please review it and place the order again.',
      ),
    });
    await placeOrder();
    await expectRefusalInView(
      'Your cart changed while you were checking out. Please review it and place the order again.',
    );
  });

  it('the same refusal twice is focused again', async () => {
    await renderCheckout({ user: aUser({ pincode: '' }) });
    const text = 'Please complete your profile with address details before placing order.';
    await placeOrder();
    await expectRefusalInView(text);
    screen.getByRole('button', { name: 'PLACE ORDER' }).focus();
    await placeOrder();
    await expectRefusalInView(text);
  });
});
