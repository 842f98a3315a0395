import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aCartCoupon, couponCartServer } from '../../test/coupons';
import { deferred } from '../../test/deferred';
import { type ApiHandler, jsonReply } from '../../test/fake-api';
import { renderShop } from '../../test/render-shop';
import { cartServer, deliveryRoute, type SentLine } from '../../test/shop-lists';
import { aUser } from '../../test/users';

// docs/product.md#screens Cart: the page's states. The journey through it (adding, quantities, the wishlist,
// checkout, another browser) is e2e/cart.spec.ts.

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The value next to a label in the summary's <dl>. */
function summaryRow(label: string): string | null {
  const summary = screen.getByRole('region', { name: 'Order Summary' });
  const term = within(summary).getByText(label, { selector: 'dt' });
  return term.parentElement?.querySelector('dd')?.textContent ?? null;
}

function quantityOf(title: string): string | null {
  return (
    screen.getByRole('group', { name: `Quantity of ${title}` }).querySelector('output')?.textContent ?? null
  );
}

function renderCart(lines: SentLine[], user = aUser(), serviceable = true) {
  const server = cartServer(lines);
  const rendered = renderShop('/cart', {
    user,
    api: { ...server.routes, ...deliveryRoute(user.pincode ?? '', serviceable) },
  });
  return { ...rendered, server, user };
}

describe('the cart page', () => {
  it('at 10 the + button stops and says why; a change the server refuses is undone and says why', async () => {
    const user = userEvent.setup();
    const { api } = renderCart([{ id: 1, quantity: 10 }]);
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Face Mitt' });
    expect(quantityOf('Face Mitt')).toBe('10');

    // docs/product.md#cart: at most 10 of a line; the page says so instead of asking the server.
    expect((plus as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { description: 'You can buy at most 10 of each item.' })).toBe(plus);
    expect(screen.getByText('You can buy at most 10 of each item.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    // Any refusal: the optimistic change shows, then goes back.
    const refusal = deferred<Response>();
    api.on({ 'POST /api/cart/update': () => refusal.promise });
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Face Mitt' }));
    expect(quantityOf('Face Mitt')).toBe('9');
    expect((plus as HTMLButtonElement).disabled).toBe(false);
    expect(summaryRow('Subtotal')).toBe('₹2,151');

    refusal.resolve(jsonReply(400, { message: 'The cart is being updated. Please try again.' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Could not update your cart: The cart is being updated. Please try again.',
      ),
    );
    await waitFor(() => expect(quantityOf('Face Mitt')).toBe('10'));
    expect(summaryRow('Subtotal')).toBe('₹2,390');
    expect(summaryRow('Shipping')).toBe('FREE');
    expect(summaryRow('Total')).toBe('₹2,390');
  });

  it('below ₹1,000 says how much more makes delivery free', async () => {
    // One Luxury Mitt Black at ₹599: ₹401 short of free delivery (docs/product.md#money).
    renderCart([{ id: 7, quantity: 1 }]);
    expect(await screen.findByText('Add ₹401 more for FREE delivery')).toBeTruthy();
  });

  it('at ₹1,000 there is no free-delivery nudge', async () => {
    renderCart([{ id: 7, quantity: 2 }]);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Shopping Cart (1 item)');
    expect(summaryRow('Total')).toBe('₹1,198');
    expect(screen.queryByText(/more for FREE delivery/)).toBeNull();
  });

  it("checks delivery to the profile's pincode when the shopper has checked none", async () => {
    renderCart([{ id: 7, quantity: 1 }], aUser({ pincode: '990001' }), false);
    expect(await screen.findByText("We don't deliver to 990001 yet")).toBeTruthy();
  });

  it("at sign-in, a copy already saved is only what the server had: the server's cart is the cart", async () => {
    const user = aUser();
    window.localStorage.setItem(
      'ottomanCart',
      JSON.stringify({ owner: user._id, lines: [{ id: 3, quantity: 2, size: 'M' }], modified: false }),
    );
    const { api } = renderCart([{ id: 1, quantity: 1 }], user);
    await screen.findByRole('group', { name: 'Quantity of Face Mitt' });
    expect(quantityOf('Face Mitt')).toBe('1');
    expect(screen.queryByRole('group', { name: 'Quantity of For Sensitive Skin' })).toBeNull();
    expect(api.callsTo('POST /api/cart/update')).toEqual([]);
  });

  it('at sign-in, a change this browser made but never saved wins, and is saved now', async () => {
    const user = aUser();
    window.localStorage.setItem(
      'ottomanCart',
      JSON.stringify({ owner: user._id, lines: [{ id: 3, quantity: 2, size: 'M' }], modified: true }),
    );
    const { server } = renderCart([{ id: 1, quantity: 1 }], user);
    await screen.findByRole('group', { name: 'Quantity of For Sensitive Skin' });
    expect(quantityOf('For Sensitive Skin')).toBe('2');
    expect(screen.queryByRole('group', { name: 'Quantity of Face Mitt' })).toBeNull();
    await waitFor(() => expect(server.stored()).toEqual([{ id: 3, quantity: 2 }]));
  });

  it("a code applied at checkout shows with the server's discount and total; a change reads Updating… until priced", async () => {
    const user = userEvent.setup();
    // WELCOME10 on ₹599 as the server prices it: ₹59.90 off, so ₹539.10 + ₹75 = ₹614.10.
    const server = couponCartServer([{ id: 7, quantity: 1 }], {
      applied: aCartCoupon({ code: 'WELCOME10', discountPaise: 59_90 }),
      priceCoupon: (lines, code) => aCartCoupon({ code, discountPaise: 59_90 * (lines[0]?.quantity ?? 0) }),
    });
    const saved = deferred<Response>();
    const { api } = renderShop('/cart', {
      user: aUser(),
      api: { ...server.routes, ...deliveryRoute(aUser().pincode ?? '', true) },
    });
    await waitFor(() => expect(summaryRow('Coupon Discount (WELCOME10)')).toBe('−₹59.90'));
    expect(summaryRow('Total')).toBe('₹614.10');

    const update = server.routes['POST /api/cart/update'] as ApiHandler;
    api.on({
      'POST /api/cart/update': async (call) => {
        await saved.promise;
        return update(call);
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Increase quantity of / }));
    expect(summaryRow('Coupon Discount (WELCOME10)')).toBe('Updating…');
    expect(summaryRow('Total')).toBe('Updating…');
    saved.resolve(new Response());
    // ₹1,198 − ₹119.80, shipping free over the tier.
    await waitFor(() => expect(summaryRow('Coupon Discount (WELCOME10)')).toBe('−₹119.80'));
    expect(summaryRow('Total')).toBe('₹1,078.20');
  });
});
