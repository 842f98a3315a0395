import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from '../../../contracts/cart';
import { whatsappCheckoutLabel } from '../../../contracts/whatsapp-checkbox';
import { catalogue } from '../../test/products';
import { renderShop, shopConfig } from '../../test/render-shop';
import { aUser } from '../../test/users';

configure({ asyncUtilTimeout: 5_000 });

// docs/product.md#whatsapp-consent: the checkout's "Send order updates on WhatsApp", off until ticked, and sent
// with PLACE ORDER only when ticked.

const faceMitt = catalogue[0];
if (!faceMitt) throw new Error('the catalogue has no Face Mitt');
const line: CartLine = {
  ...faceMitt,
  discountedPrice: 239,
  size: 'M',
  quantity: 1,
  available: true,
  inStock: true,
};

function renderCheckout(user = aUser(), config: Record<string, unknown> = {}) {
  window.Razorpay = class {
    on() {}
    open() {}
  } as unknown as Window['Razorpay'];
  return renderShop('/checkout', {
    user,
    api: {
      ...config,
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
    },
  });
}

async function placeOrder() {
  const button = await screen.findByRole('button', { name: 'PLACE ORDER' });
  await waitFor(() => expect(screen.getByRole('heading', { name: '1/1 ITEMS SELECTED' })).toBeTruthy());
  await userEvent.click(button);
}

afterEach(() => {
  delete window.Razorpay;
});

describe('the WhatsApp box at checkout', { timeout: 30_000 }, () => {
  it('is off until ticked, and PLACE ORDER sends no consent then', async () => {
    const { api } = renderCheckout();
    const box = (await screen.findByRole('checkbox', { name: whatsappCheckoutLabel })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await placeOrder();
    await waitFor(() => expect(api.callsTo('POST /api/payment/create-order')).toHaveLength(1));
    expect(api.callsTo('POST /api/payment/create-order')[0]?.body).toEqual({
      amount: 339_00,
      currency: 'INR',
    });
  });

  it('ticked, PLACE ORDER sends whatsappUpdates', async () => {
    const { api } = renderCheckout();
    await userEvent.click(await screen.findByRole('checkbox', { name: whatsappCheckoutLabel }));
    await placeOrder();
    await waitFor(() => expect(api.callsTo('POST /api/payment/create-order')).toHaveLength(1));
    expect(api.callsTo('POST /api/payment/create-order')[0]?.body).toEqual({
      amount: 339_00,
      currency: 'INR',
      whatsappUpdates: true,
    });
  });

  it('is not offered while the shop has no WhatsApp (docs/product.md#whatsapp-consent)', async () => {
    renderCheckout(aUser(), { 'GET /api/config': { ...shopConfig, whatsapp: false } });
    await screen.findByRole('button', { name: 'PLACE ORDER' });
    await waitFor(() => expect(screen.getByRole('heading', { name: '1/1 ITEMS SELECTED' })).toBeTruthy());
    expect(screen.queryByRole('checkbox', { name: whatsappCheckoutLabel })).toBeNull();
  });

  it('is not offered to a shopper with no mobile', async () => {
    renderCheckout(aUser({ phone: '' }));
    await screen.findByRole('button', { name: 'PLACE ORDER' });
    expect(screen.queryByRole('checkbox', { name: whatsappCheckoutLabel })).toBeNull();
  });
});
