import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../contracts/auth';
import { deferred } from '../../test/deferred';
import { jsonReply } from '../../test/fake-api';
import { renderShop } from '../../test/render-shop';
import { cartServer, deliveryRoute, type SentLine } from '../../test/shop-lists';
import { aUser } from '../../test/users';

// docs/product.md#screens Checkout: the page's states and PLACE ORDER's checks. The journey through it (the
// items, the address, the wishlist picker) is e2e/checkout.spec.ts; paying is e2e/delivery.spec.ts.

/** The checkout route is a lazy chunk: on a busy machine it takes more than a second. */
const loading = { timeout: 10_000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

function rowOf(regionName: string, label: string): string | null {
  const region = screen.getByRole('region', { name: regionName });
  const term = within(region).getByText(label, { selector: 'dt' });
  return term.parentElement?.querySelector('dd')?.textContent ?? null;
}

function placeOrderButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'PLACE ORDER' }) as HTMLButtonElement;
}

/** `null` for a visitor. */
async function renderCheckout(lines: SentLine[], user: User | null = aUser(), serviceable = true) {
  const rendered = renderShop('/checkout', {
    user: user ?? undefined,
    api: { ...cartServer(lines).routes, ...(user ? deliveryRoute(user.pincode ?? '', serviceable) : {}) },
  });
  const count = lines.length;
  await screen.findByRole('heading', { name: `${count}/${count} ITEMS SELECTED` }, loading);
  return rendered;
}

describe('the checkout page', () => {
  it('at ₹1,000 or more reads FREE for the shipping cost', async () => {
    await renderCheckout([{ id: 7, quantity: 2 }]);
    expect(rowOf('Price Details', 'Total MRP')).toBe('₹1,998');
    expect(rowOf('Price Details', 'Discount on MRP')).toBe('−₹800');
    expect(rowOf('Price Details', 'Shipping Cost')).toBe('FREE');
    expect(rowOf('Price Details', 'Total Amount')).toBe('₹1,198');
  });

  it('below ₹1,000 says how much more makes delivery free, with the total beside PLACE ORDER', async () => {
    // One Luxury Mitt Black at ₹599, ₹75 shipping: ₹401 short of free delivery (docs/product.md#money).
    const { container } = await renderCheckout([{ id: 7, quantity: 1 }]);
    expect(screen.getByText('Add ₹401 more for FREE delivery')).toBeTruthy();
    expect(container.querySelector('.place-order__bar')?.textContent).toBe('Total ₹674PLACE ORDER');
  });

  it('sends a visitor to log in first, to come back here', async () => {
    renderShop('/checkout', { api: cartServer([]).routes });
    const login = await screen.findByRole('dialog', { name: 'Login' }, loading);
    expect(login).toBeTruthy();
    expect(screen.queryByText('Deliver to:')).toBeNull();
    expect(screen.queryByRole('button', { name: 'PLACE ORDER' })).toBeNull();
  });

  it('with an empty cart says so and leads to the mittens, with nothing to place', async () => {
    renderShop('/checkout', { user: aUser(), api: cartServer([]).routes });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your cart is empty' }, loading),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SHOP NOW' }).getAttribute('href')).toBe('/#products');
    expect(screen.queryByRole('button', { name: 'PLACE ORDER' })).toBeNull();
    expect(screen.queryByText(/ITEMS SELECTED/)).toBeNull();
  });

  it('PLACE ORDER first asks for items in the cart (docs/product.md#place-order-checks)', async () => {
    const user = userEvent.setup();
    const { api } = await renderCheckout([{ id: 1, quantity: 1 }]);
    // The last item removed here: the page stays, and PLACE ORDER says why it cannot.
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByRole('heading', { name: '0/0 ITEMS SELECTED' });
    await user.click(placeOrderButton());
    expect(
      await screen.findByText('Your cart is empty. Please add items before placing order.'),
    ).toBeTruthy();
    expect(placeOrderButton().disabled).toBe(false);
    expect(api.callsTo('POST /api/payment/create-order')).toEqual([]);
  });

  it('PLACE ORDER first asks for a complete profile (docs/product.md#place-order-checks)', async () => {
    const user = userEvent.setup();
    await renderCheckout([{ id: 1, quantity: 1 }], aUser({ pincode: '' }));
    await user.click(placeOrderButton());
    expect(
      await screen.findByText('Please complete your profile with address details before placing order.'),
    ).toBeTruthy();
  });

  it('PLACE ORDER reads ORDERING... while the payment starts, and shows why it could not', async () => {
    const user = userEvent.setup();
    // Checkout's script is the browser's to load (e2e/delivery.spec.ts pays); here it is already there.
    vi.stubGlobal('Razorpay', class {});
    const { api } = await renderCheckout([{ id: 4, quantity: 1 }]);
    const refusal = deferred<Response>();
    api.on({ 'POST /api/payment/create-order': () => refusal.promise });

    await user.click(placeOrderButton());
    const ordering = await screen.findByRole('button', { name: 'ORDERING...' });
    expect((ordering as HTMLButtonElement).disabled).toBe(true);
    refusal.resolve(jsonReply(400, { message: 'Payments are paused for a moment.' }));
    expect(await screen.findByText('Payments are paused for a moment.')).toBeTruthy();
    expect(placeOrderButton().disabled).toBe(false);
  });

  it('refuses an address no courier serves before any payment is asked for', async () => {
    const user = userEvent.setup();
    const { api } = await renderCheckout([{ id: 7, quantity: 1 }], aUser({ pincode: '990001' }), false);
    const address = screen.getByRole('region', { name: 'Delivery address' });
    expect(await within(address).findByText("We don't deliver to 990001 yet")).toBeTruthy();
    await user.click(placeOrderButton());
    expect(
      await screen.findByText(
        "We don't deliver to 990001 yet. Please change the delivery address to a pincode we deliver to.",
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/payment/create-order')).toEqual([]);
  });

  it('flags a pincode outside the chosen state, and still lets the shopper order', async () => {
    // aUser's state is Maharashtra; 560001 is Bengaluru's.
    await renderCheckout([{ id: 7, quantity: 1 }], aUser({ city: 'Bengaluru', pincode: '560001' }));
    expect(
      screen.getByText('Pincode 560001 is in Karnataka, not Maharashtra. Please check the address.'),
    ).toBeTruthy();
    const address = screen.getByRole('region', { name: 'Delivery address' });
    expect(await within(address).findByText('Delivery by Thu, 3 Dec')).toBeTruthy();
    expect(placeOrderButton().disabled).toBe(false);
  });

  it("shows the server's reason when Change Address is refused, and stays open", async () => {
    const user = userEvent.setup();
    const { api } = await renderCheckout([{ id: 1, quantity: 1 }]);
    api.on({
      ...deliveryRoute('400001', true, { city: 'Mumbai', state: 'Maharashtra' }),
      'PUT /api/auth/profile': () => jsonReply(400, { message: 'Something went wrong. Please try again.' }),
    });
    await user.click(screen.getByRole('button', { name: 'CHANGE ADDRESS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Address' });
    const pincode = within(dialog).getByLabelText('Pincode');
    await user.clear(pincode);
    await user.type(pincode, '400001');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Something went wrong. Please try again.'),
    );
    expect(api.callsTo('PUT /api/auth/profile')[0]?.body).toMatchObject({
      pincode: '400001',
      city: 'Mumbai',
      deliveryPhone: '9876543211',
    });
    expect(screen.getByRole('dialog', { name: 'Change Address' })).toBe(dialog);
  });
});
