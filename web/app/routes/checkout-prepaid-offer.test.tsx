import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from '../../../contracts/cart';
import type { CodEligibility } from '../../../contracts/cod';
import { codMessages } from '../../../contracts/cod-rules';
import { prepaidOfferMessages } from '../../../contracts/prepaid-offer-rules';
import { catalogue } from '../../test/products';
import { renderShop } from '../../test/render-shop';
import { aUser } from '../../test/users';

// The lazily loaded routes and a busy machine outlast Testing Library's default wait of 1 s.
configure({ asyncUtilTimeout: 5_000 });

// docs/product.md#prepaid-offer: the saving beside the payment choice, the server's figure shown as it is, and
// PLACE ORDER expecting the total after it. The journey through the simulators is e2e/prepaid-offer.spec.ts.

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

// 10 % off the ₹239 of goods: ₹23.90, as the server answers it; online ₹315.10, COD ₹339 + ₹49.
const withOffer: CodEligibility = {
  enabled: true,
  offered: true,
  feePaise: 4900,
  onlineTotalPaise: 31_510,
  prepaidOfferPaise: 2390,
  codTotalPaise: 38_800,
  codCashPaise: 38_800,
  refusals: [],
  advancePaise: 0,
  advanceReason: null,
};

function renderCheckout(eligibility: CodEligibility) {
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
      'GET /api/cod/eligibility': eligibility,
      'POST /api/payment/create-order': {
        id: 'order_Q1w2e3r4t5',
        key: 'rzp_test_shop',
        amount: 31_510,
        currency: 'INR',
        orderId: '5b0c1f4e-8d2a-4c6b-9e1f-2a3b4c5d6e7f',
      },
    },
  });
}

const priceRow = (label: string) =>
  within(screen.getByRole('region', { name: 'Price Details' })).queryByText(label)?.nextElementSibling
    ?.textContent;
const placeOrderBar = () => document.querySelector('.place-order__bar')?.textContent;

afterEach(() => {
  delete window.Razorpay;
});

describe('the prepaid offer at checkout', { timeout: 30_000 }, () => {
  it("shows 'Pay online and save ₹X' beside paying online, its own line and the total after it; COD drops it", async () => {
    expect(prepaidOfferMessages.save(2390)).toBe('Pay online and save ₹23.90');
    renderCheckout(withOffer);
    const saving = await screen.findByText('Pay online and save ₹23.90');
    const online = screen.getByRole('radio', { name: codMessages.payOnline }) as HTMLInputElement;
    expect(online.checked).toBe(true);
    expect(online.getAttribute('aria-describedby')).toBe(saving.id);
    await waitFor(() => expect(priceRow('Total Amount')).toBe('₹315.10'));
    expect(priceRow('Prepaid offer')).toBe('−₹23.90');
    expect(placeOrderBar()).toBe('Total ₹315.10PLACE ORDER');

    await userEvent.click(screen.getByRole('radio', { name: /Cash on delivery/ }));
    expect(priceRow('Prepaid offer')).toBeUndefined();
    expect(priceRow('Total Amount')).toBe('₹388');
    // Paying online would save the fee and the offer: the server's two totals apart.
    expect(screen.getByText(codMessages.nudge(7290))).toBeTruthy();
    expect(codMessages.nudge(7290)).toBe('Save ₹72.90 by paying online');
  });

  it('shows the saving with only paying online while the shop has COD off, and PLACE ORDER expects its total', async () => {
    const opened: unknown[] = [];
    window.Razorpay = class {
      constructor(options: unknown) {
        opened.push(options);
      }
      on() {}
      open() {}
    } as unknown as Window['Razorpay'];
    const { api } = renderCheckout({ ...withOffer, enabled: false, offered: false, codTotalPaise: 38_800 });
    await screen.findByText('Pay online and save ₹23.90');
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.queryByRole('radio', { name: /Cash on delivery/ })).toBeNull();
    await waitFor(() => expect(priceRow('Total Amount')).toBe('₹315.10'));

    await waitFor(() => expect(screen.getByRole('heading', { name: '1/1 ITEMS SELECTED' })).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'PLACE ORDER' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(api.callsTo('POST /api/payment/create-order').map((call) => call.body)).toEqual([
      { amount: 31_510, currency: 'INR' },
    ]);
  });
});
