import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../../contracts/cart';
import type { CodEligibility } from '../../../contracts/cod';
import { codMessages } from '../../../contracts/cod-rules';
import { type ApiRoutes, jsonReply } from '../../test/fake-api';
import { anOrder } from '../../test/orders';
import { catalogue } from '../../test/products';
import { renderShop } from '../../test/render-shop';
import { aUser } from '../../test/users';

// The lazily loaded routes and a busy machine outlast Testing Library's default wait of 1 s.
configure({ asyncUtilTimeout: 5_000 });

// docs/product.md#cash-on-delivery: the checkout's payment choice in each of its states. The journey through the
// simulators is e2e/cod.spec.ts.

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

const ORDER_ID = '5b0c1f4e-8d2a-4c6b-9e1f-2a3b4c5d6e7f';

const offered: CodEligibility = {
  enabled: true,
  offered: true,
  feePaise: 4900,
  onlineTotalPaise: 33_900,
  prepaidOfferPaise: 0,
  codTotalPaise: 38_800,
  codCashPaise: 38_800,
  refusals: [],
  advancePaise: 0,
  advanceReason: null,
};

function renderCheckout(eligibility: CodEligibility, api: ApiRoutes = {}) {
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
      ...api,
    },
  });
}

const codOption = () => screen.findByRole('radio', { name: /Cash on delivery/ });
const totalAmount = () =>
  within(screen.getByRole('region', { name: 'Price Details' })).getByText('Total Amount').nextElementSibling
    ?.textContent;

describe('the payment choice at checkout', { timeout: 30_000 }, () => {
  it('offers COD with its fee; chosen, the fee is its own line in the total and the nudge to pay online shows', async () => {
    renderCheckout(offered);
    const cod = (await codOption()) as HTMLInputElement;
    const online = screen.getByRole('radio', { name: codMessages.payOnline }) as HTMLInputElement;
    expect(online.checked).toBe(true);
    expect(cod.disabled).toBe(false);
    expect(screen.getByText('(+₹49)')).toBeTruthy();
    expect(screen.queryByText(codMessages.nudge(4900))).toBeNull();
    await waitFor(() => expect(totalAmount()).toBe('₹339'));

    await userEvent.click(cod);
    expect(cod.checked).toBe(true);
    expect(screen.getByText(codMessages.nudge(4900))).toBeTruthy();
    expect(screen.getByText(codMessages.feeLine).nextElementSibling?.textContent).toBe('₹49');
    expect(totalAmount()).toBe('₹388');
    // Paying in cash: the card and UPI marks go.
    expect(screen.queryByRole('list', { name: 'Accepted payment methods' })).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: codMessages.payOnline }));
    expect(screen.queryByText(codMessages.feeLine)).toBeNull();
    expect(totalAmount()).toBe('₹339');
  });

  it('shows COD refused, not choosable, with every reason', async () => {
    const refusals = [
      { reason: 'above_maximum' as const, message: codMessages.aboveMaximum(30_000) },
      { reason: 'mobile_unverified' as const, message: codMessages.mobileUnverified },
    ];
    renderCheckout({ ...offered, offered: false, refusals });
    const cod = (await codOption()) as HTMLInputElement;
    expect(cod.disabled).toBe(true);
    const reasons = document.getElementById(cod.getAttribute('aria-describedby') ?? '');
    expect(reasons?.textContent).toContain(codMessages.aboveMaximum(30_000));
    expect(reasons?.textContent).toContain(codMessages.mobileUnverified);
    expect(screen.queryByText(codMessages.feeLine)).toBeNull();
  });

  it('shows no choice at all while the shop does not offer COD', async () => {
    renderCheckout({ ...offered, enabled: false, offered: false, refusals: [] });
    await screen.findByRole('button', { name: 'PLACE ORDER' });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Payment method' })).toBeNull());
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('places the COD order, asks for the OTP, shows a wrong one, and on the right one opens the order', async () => {
    const placed = {
      orderId: ORDER_ID,
      orderNumber: 'OM-5B0C1F4E',
      totalPaise: 38_800,
      otpSent: true,
      message: codMessages.otpSent('******3211'),
      confirmBy: '2026-03-05T10:00:00.000Z',
      replacedOrderNumbers: [],
      replacedMessage: null,
    };
    const { api } = renderCheckout(offered, {
      'POST /api/cod/place-order': placed,
      'POST /api/cod/confirm': (call) =>
        (call.body as { otp: string }).otp === '123456'
          ? { orderId: ORDER_ID, orderNumber: 'OM-5B0C1F4E', message: codMessages.confirmed(38_800) }
          : jsonReply(400, { message: 'Incorrect OTP. Please check and try again.' }),
      'POST /api/cod/resend-otp': { ...placed, message: codMessages.otpNotSent, otpSent: false },
      [`GET /api/orders/${ORDER_ID}`]: {
        order: anOrder({
          orderId: ORDER_ID,
          paymentMethod: 'COD',
          paymentStatus: 'cod_due',
          codFeePaise: 4900,
          totalPaise: 38_800,
          paymentId: null,
        }),
      },
    });
    await userEvent.click(await codOption());
    await userEvent.click(screen.getByRole('button', { name: 'PLACE ORDER' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your order' });
    expect(api.callsTo('POST /api/cod/place-order').map((call) => call.body)).toEqual([
      { expectedAmountPaise: 38_800 },
    ]);
    expect(within(dialog).getByRole('status').textContent).toBe(placed.message);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send a new OTP' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe(codMessages.otpNotSent));

    const field = within(dialog).getByLabelText('OTP');
    await userEvent.type(field, '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'CONFIRM ORDER' }));
    await waitFor(() =>
      expect(within(dialog).getByText('Incorrect OTP. Please check and try again.')).toBeTruthy(),
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(field);
    await userEvent.type(field, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'CONFIRM ORDER' }));
    await screen.findByRole('heading', { name: 'Order Confirmed' });
  });

  it('says which earlier order, not yet confirmed, the new one replaced', async () => {
    const replacedMessage = codMessages.replaced(['OM-1A2B3C4D']);
    expect(replacedMessage).toBe(
      'Your earlier order OM-1A2B3C4D, not yet confirmed, is cancelled: this order takes its place.',
    );
    renderCheckout(offered, {
      'POST /api/cod/place-order': {
        orderId: ORDER_ID,
        orderNumber: 'OM-5B0C1F4E',
        totalPaise: 38_800,
        otpSent: true,
        message: codMessages.otpSent('******3211'),
        confirmBy: '2026-03-05T10:00:00.000Z',
        replacedOrderNumbers: ['OM-1A2B3C4D'],
        replacedMessage,
      },
    });
    await userEvent.click(await codOption());
    await userEvent.click(screen.getByRole('button', { name: 'PLACE ORDER' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your order' });
    expect(within(dialog).getByText(replacedMessage)).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe(codMessages.otpSent('******3211'));
  });
});
