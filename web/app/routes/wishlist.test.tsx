import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply } from '../../test/fake-api';
import { renderShop } from '../../test/render-shop';
import { deliveryRoute } from '../../test/shop-lists';
import { aUser } from '../../test/users';

/** The page's own code and the login modal are lazy chunks: on a busy machine they take more than a second. */
const loading = { timeout: 10_000 };

// docs/product.md#screens Wishlist: the page's and the heart's states. The journey (hearts, the wishlist page,
// to the cart and back) is e2e/cart.spec.ts.

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the wishlist', () => {
  it('when empty says so and offers Shop Now', async () => {
    renderShop('/wishlist', { user: aUser() });
    expect((await screen.findByRole('heading', { level: 1 }, loading)).textContent).toBe('My Wishlist');
    expect(screen.getByRole('heading', { name: 'Your wishlist is empty' })).toBeTruthy();
    expect(screen.getByText('Browse our collection and add products you love')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Shop Now' })).toBeTruthy();
  });

  it('undoes a change the server refuses and says why', async () => {
    const user = userEvent.setup();
    const shopper = aUser();
    const { api } = renderShop('/product/3', {
      user: shopper,
      api: {
        ...deliveryRoute(shopper.pincode ?? ''),
        'POST /api/wishlist/update': () =>
          jsonReply(400, { message: 'A wishlist can hold at most 100 items.' }),
      },
    });
    const main = await screen.findByRole('main');
    await user.click(await within(main).findByRole('button', { name: 'Add to wishlist' }, loading));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Could not update your wishlist: A wishlist can hold at most 100 items.',
      ),
    );
    expect(api.callsTo('POST /api/wishlist/update')).toHaveLength(1);
    expect(within(main).getByRole('button', { name: 'Add to wishlist' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Wishlist, 0 items' })).toBeTruthy();
  });

  it('asks a visitor pressing Add to Cart or the heart to log in', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderShop('/');
    const card = await screen.findByRole('article', { name: 'Face Mitt' }, loading);
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login' }, loading);
    // Escape closing the native <dialog> is the browser's: e2e/contact.spec.ts presses it.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByRole('dialog', { name: 'Login' }, loading)).toBeTruthy();
  });
});
