import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { couponMessages } from '../../../contracts/coupons';
import { aCartCoupon, couponCartServer, pricedCartReply } from '../../test/coupons';
import { type ApiRoutes, jsonReply } from '../../test/fake-api';
import { renderShop } from '../../test/render-shop';
import type { SentLine } from '../../test/shop-lists';
import { deliveryRoute } from '../../test/shop-lists';
import { aUser } from '../../test/users';

// docs/product.md#discount-codes at checkout: Apply Coupon's field and offers, the server's discount and total,
// refusals beside the field, Remove, a code a cart change dropped, and a campaign link's code
// (docs/product.md#campaign-links). The journey with the real server is e2e/coupons.spec.ts.

const loading = { timeout: 10_000 };

/** One Luxury Mitt Black: ₹599 and ₹75 shipping, ₹674 (docs/product.md#money). */
const oneBlackMitt: SentLine[] = [{ id: 7, quantity: 1 }];

/** WELCOME10 on ₹599 as the server prices it: ₹59.90 off, so ₹539.10 + ₹75 = ₹614.10. */
const welcome10 = aCartCoupon({ code: 'WELCOME10', discountPaise: 59_90 });

function priceRow(label: string): string | null {
  const region = screen.getByRole('region', { name: 'Price Details' });
  const term = within(region).getByText(label, { selector: 'dt' });
  return term.parentElement?.querySelector('dd')?.textContent ?? null;
}

/** The coupon panel's alert: the PLACE ORDER bar has one of its own. */
function couponAlert(): HTMLElement {
  return within(screen.getByRole('region', { name: 'Apply a coupon' })).getByRole('alert');
}

function placeOrderBar(container: HTMLElement): string | null | undefined {
  return container.querySelector('.place-order__bar')?.textContent;
}

async function renderCheckout(lines: SentLine[], routes: ApiRoutes, pendingCoupon?: string) {
  const user = aUser();
  if (pendingCoupon) window.localStorage.setItem('pendingCoupon', JSON.stringify(pendingCoupon));
  const rendered = renderShop('/checkout', {
    user,
    api: { ...deliveryRoute(user.pincode ?? ''), ...routes },
  });
  await screen.findByRole('heading', { name: `${lines.length}/${lines.length} ITEMS SELECTED` }, loading);
  return rendered;
}

const offersRoute = (offers: object[]): ApiRoutes => ({ 'GET /api/coupons/offers': { offers } });

describe('the coupon at checkout', () => {
  it('Apply Coupon opens the field and the offers, each with Apply or why it does not apply yet', async () => {
    const user = userEvent.setup();
    const server = couponCartServer(oneBlackMitt);
    await renderCheckout(oneBlackMitt, {
      ...server.routes,
      ...offersRoute([
        {
          code: 'WELCOME10',
          description: '10% off your first order',
          kind: 'percent',
          applicable: true,
          reason: null,
        },
        {
          code: 'FESTIVE15',
          description: '15% off from ₹749',
          kind: 'percent',
          applicable: false,
          reason: couponMessages.minimum(150, 'FESTIVE15'),
        },
      ]),
    });
    const apply = screen.getByRole('button', { name: 'Apply Coupon' });
    expect(apply.getAttribute('aria-expanded')).toBe('false');

    await user.click(apply);
    const panel = await screen.findByRole('region', { name: 'Apply a coupon' });
    expect(apply.getAttribute('aria-expanded')).toBe('true');
    expect(apply.getAttribute('aria-controls')).toBe(panel.id);
    expect(within(panel).getByRole('textbox', { name: 'Coupon code' })).toBeTruthy();
    const offers = await within(panel).findAllByRole('listitem');
    expect(offers.map((offer) => offer.textContent)).toEqual([
      'WELCOME10 10% off your first orderApply',
      'FESTIVE15 15% off from ₹749Add ₹150 more to use FESTIVE15.',
    ]);
    expect(within(offers[0] as HTMLElement).getByRole('button', { name: 'Apply WELCOME10' })).toBeTruthy();
    expect(within(offers[1] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it("applies a typed code: the server's discount and new total, in rupees with paise, and Remove takes it off", async () => {
    const user = userEvent.setup();
    const server = couponCartServer(oneBlackMitt);
    const { api, container } = await renderCheckout(oneBlackMitt, {
      ...server.routes,
      ...offersRoute([]),
      'POST /api/cart/coupon': () => server.apply(welcome10),
    });
    expect(priceRow('Total Amount')).toBe('₹674');

    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    await user.type(await screen.findByRole('textbox', { name: 'Coupon code' }), ' welcome10 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Coupon Discount (WELCOME10)')).toBeTruthy();
    expect(api.callsTo('POST /api/cart/coupon').map((call) => call.body)).toEqual([{ code: 'WELCOME10' }]);
    expect(priceRow('Coupon Discount (WELCOME10)')).toBe('−₹59.90');
    expect(priceRow('Shipping Cost')).toBe('₹75');
    expect(priceRow('Total Amount')).toBe('₹614.10');
    expect(placeOrderBar(container)).toBe('Total ₹614.10PLACE ORDER');
    expect(screen.getByText(couponMessages.applied('WELCOME10')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('region', { name: 'Apply a coupon' })).toBeNull();
    const remove = screen.getByRole('button', { name: 'Remove coupon WELCOME10' });
    await waitFor(() => expect(document.activeElement).toBe(remove));

    await user.click(remove);
    const applyAgain = await screen.findByRole('button', { name: 'Apply Coupon' });
    expect(api.callsTo('DELETE /api/cart/coupon')).toHaveLength(1);
    expect(priceRow('Total Amount')).toBe('₹674');
    await waitFor(() => expect(document.activeElement).toBe(applyAgain));
  });

  it("shows the server's refusal beside the field as an alert, and asks for a code before asking the server", async () => {
    const user = userEvent.setup();
    const server = couponCartServer(oneBlackMitt);
    const { api } = await renderCheckout(oneBlackMitt, {
      ...server.routes,
      ...offersRoute([]),
      'POST /api/cart/coupon': () => jsonReply(422, { message: couponMessages.expired }),
    });
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    const field = await screen.findByRole('textbox', { name: 'Coupon code' });

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(couponAlert().textContent).toBe(couponMessages.codeRequired));
    expect(api.callsTo('POST /api/cart/coupon')).toEqual([]);

    await user.type(field, 'OLDCODE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(couponAlert().textContent).toBe(couponMessages.expired));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Coupon code', description: couponMessages.expired })).toBe(
      field,
    );
    expect(priceRow('Coupon Discount')).toBe('Apply Coupon');
    expect(priceRow('Total Amount')).toBe('₹674');
  });

  it('applies an offer from the list; too many attempts is said as the server says it', async () => {
    const user = userEvent.setup();
    const server = couponCartServer(oneBlackMitt);
    const { api } = await renderCheckout(oneBlackMitt, {
      ...server.routes,
      ...offersRoute([
        {
          code: 'FREESHIP',
          description: 'Free delivery',
          kind: 'free_shipping',
          applicable: true,
          reason: null,
        },
      ]),
      'POST /api/cart/coupon': () => jsonReply(429, { message: couponMessages.tooManyAttempts }),
    });
    await user.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    await user.click(await screen.findByRole('button', { name: 'Apply FREESHIP' }));
    await waitFor(() => expect(couponAlert().textContent).toBe(couponMessages.tooManyAttempts));

    // docs/product.md#money: a free-shipping code takes the shipping off, not the goods.
    api.on({
      'POST /api/cart/coupon': () =>
        server.apply(
          aCartCoupon({ code: 'FREESHIP', kind: 'free_shipping', freeShipping: true, description: '' }),
        ),
    });
    await user.click(screen.getByRole('button', { name: 'Apply FREESHIP' }));
    expect(await screen.findByText('Coupon Discount (FREESHIP)')).toBeTruthy();
    expect(priceRow('Coupon Discount (FREESHIP)')).toBe('Free shipping');
    expect(priceRow('Shipping Cost')).toBe('FREE');
    expect(priceRow('Total Amount')).toBe('₹599');
  });

  it('says so when a cart change dropped the code, and the total follows the server', async () => {
    const user = userEvent.setup();
    const lines: SentLine[] = [
      { id: 7, quantity: 1 },
      { id: 1, quantity: 1 },
    ];
    const reason = couponMessages.minimum(1, 'WELCOME10');
    // ₹599 + ₹239 = ₹838: 10% is ₹83.80; without the Black mitt the cart is below the code's minimum.
    const server = couponCartServer(lines, {
      applied: aCartCoupon({ discountPaise: 83_80 }),
      priceCoupon: (sent) => (sent.length === 2 ? aCartCoupon({ discountPaise: 83_80 }) : null),
      dropReason: reason,
    });
    await renderCheckout(lines, server.routes);
    await waitFor(() => expect(priceRow('Coupon Discount (WELCOME10)')).toBe('−₹83.80'));
    expect(priceRow('Total Amount')).toBe('₹829.20');

    const blackMitt = screen.getByText('Luxury Mitt Black').closest('li') as HTMLElement;
    await user.click(within(blackMitt).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(couponMessages.dropped('WELCOME10', reason))).toBeTruthy();
    expect(priceRow('Coupon Discount')).toBe('Apply Coupon');
    // One Face Mitt: ₹239 + ₹100 shipping.
    expect(priceRow('Total Amount')).toBe('₹339');
  });

  it('while a change is being saved, says Updating… rather than a stale discount', async () => {
    const user = userEvent.setup();
    const lines: SentLine[] = [
      { id: 7, quantity: 1 },
      { id: 1, quantity: 1 },
    ];
    const server = couponCartServer(lines, { applied: welcome10 });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await renderCheckout(lines, {
      ...server.routes,
      'POST /api/cart/update': async (call) => {
        await held;
        const sent = (call.body as { cart: SentLine[] }).cart;
        return pricedCartReply(sent, aCartCoupon({ discountPaise: 23_90 }));
      },
    });
    // ₹838 less ₹59.90 (as this test's server has it), and ₹75 shipping.
    await waitFor(() => expect(priceRow('Total Amount')).toBe('₹853.10'));

    // The server holds the save's reply: until it comes the lines on screen are not the ones it priced.
    const blackMitt = screen.getByText('Luxury Mitt Black').closest('li') as HTMLElement;
    await user.click(within(blackMitt).getByRole('button', { name: 'Remove' }));
    expect(priceRow('Total Amount')).toBe('Updating…');
    expect(priceRow('Coupon Discount (WELCOME10)')).toBe('Updating…');
    release();
    // One Face Mitt: ₹239 less ₹23.90, and ₹100 shipping.
    await waitFor(() => expect(priceRow('Total Amount')).toBe('₹315.10'));
    expect(priceRow('Coupon Discount (WELCOME10)')).toBe('−₹23.90');
  });
});

describe("a campaign link's code at checkout (docs/product.md#campaign-links)", () => {
  it('is applied once the signed-in shopper is here, then forgotten', async () => {
    const server = couponCartServer(oneBlackMitt);
    const { api, container } = await renderCheckout(
      oneBlackMitt,
      { ...server.routes, 'POST /api/cart/coupon': () => server.apply(welcome10) },
      'WELCOME10',
    );
    await waitFor(() => expect(priceRow('Coupon Discount (WELCOME10)')).toBe('−₹59.90'));
    expect(api.callsTo('POST /api/cart/coupon').map((call) => call.body)).toEqual([{ code: 'WELCOME10' }]);
    expect(screen.getByText(couponMessages.applied('WELCOME10'))).toBeTruthy();
    expect(placeOrderBar(container)).toBe('Total ₹614.10PLACE ORDER');
    expect(window.localStorage.getItem('pendingCoupon')).toBeNull();

    // PLACE ORDER expects the amount shown, the server's total after the code.
    vi.stubGlobal('Razorpay', class {});
    api.on({ 'POST /api/payment/create-order': () => jsonReply(400, { message: 'Payments are paused.' }) });
    await userEvent.setup().click(screen.getByRole('button', { name: 'PLACE ORDER' }));
    expect(await screen.findByText('Payments are paused.')).toBeTruthy();
    expect(api.callsTo('POST /api/payment/create-order').map((call) => call.body)).toEqual([
      { amount: 614_10, currency: 'INR' },
    ]);
  });

  it('refused, says why as a notice and is forgotten too', async () => {
    const server = couponCartServer(oneBlackMitt);
    const { api } = await renderCheckout(
      oneBlackMitt,
      {
        ...server.routes,
        'POST /api/cart/coupon': () => jsonReply(422, { message: couponMessages.firstOrderOnly }),
      },
      'WELCOME10',
    );
    const notice = await screen.findByText(couponMessages.firstOrderOnly);
    expect(notice.getAttribute('role')).toBe('status');
    expect(api.callsTo('POST /api/cart/coupon')).toHaveLength(1);
    expect(window.localStorage.getItem('pendingCoupon')).toBeNull();
    expect(priceRow('Coupon Discount')).toBe('Apply Coupon');
  });
});
