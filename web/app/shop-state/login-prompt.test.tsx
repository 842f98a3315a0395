import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../contracts/catalogue';
import type { ApiCall } from '../../test/fake-api';
import { catalogue } from '../../test/products';
import { renderShop } from '../../test/render-shop';
import { aUser } from '../../test/users';

// docs/product.md#behaviour: the one login modal, opened from the header or by a visitor's click; what the
// login then does on the page the visitor is on. (The cart's Add to Cart after the prompt, and the same modal
// in a real browser with axe-core, and where focus goes after a login: e2e/accessibility.spec.ts.)

// The routes' chunks load lazily; on a busy machine that takes more than findBy's default second.
const slow = { timeout: 10_000 };
const testTimeout = 30_000;

// The modal and the product page are lazy chunks: loaded here once, so the test waits on the page, not on
// transforming modules.
beforeAll(async () => {
  await Promise.all([import('../../features/auth/components/auth-modal'), import('../routes/product')]);
}, testTimeout);

afterEach(() => {
  vi.unstubAllGlobals();
});

function productRoute(call: ApiCall) {
  const id = Number(call.path.split('/').pop());
  return { product: catalogue.find((product) => product.id === id) };
}

/** The product routes of the seven mittens, and a login that answers with `shopper`. */
function visitorApi(shopper: ReturnType<typeof aUser>) {
  const routes: Record<string, (call: ApiCall) => object> = {
    'POST /api/auth/login': () => ({ user: shopper }),
  };
  for (const product of catalogue) routes[`GET /api/products/${product.id}`] = productRoute;
  return routes;
}

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Login' }, slow);
  await user.type(within(dialog).getByLabelText('Email'), 'asha@example.in');
  await user.type(within(dialog).getByLabelText('Password'), 'silk-mitten-2026');
  await user.click(within(dialog).getByRole('button', { name: 'Login' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull(), slow);
}

describe('the login prompt', () => {
  it(
    "merges a visitor's wishlist heart into the account's wishlist at login, on the same page",
    async () => {
      const user = userEvent.setup({ delay: null });
      const shopper = aUser();
      const [faceMitt, , , , , softMitt] = catalogue as Product[];
      const { api } = renderShop('/product/6', {
        api: {
          ...visitorApi(shopper),
          // The account already keeps the Face Mitt.
          'GET /api/wishlist': { wishlist: [faceMitt] },
          'POST /api/wishlist/update': (call: ApiCall) => {
            const ids = (call.body as { wishlist: { id: number }[] }).wishlist.map(({ id }) => id);
            return { wishlist: catalogue.filter((product) => ids.includes(product.id)) };
          },
        },
      });
      const main = await screen.findByRole('main');
      await user.click(await within(main).findByRole('button', { name: 'Add to wishlist' }, slow));
      await logIn(user);

      const banner = screen.getByRole('banner');
      expect(await within(banner).findByRole('link', { name: 'Wishlist, 2 items' }, slow)).toBeTruthy();
      expect(within(main).getByRole('heading', { level: 1, name: softMitt?.title })).toBeTruthy();
      expect(within(main).getByRole('button', { name: 'Remove from wishlist' })).toBeTruthy();
      expect(api.callsTo('POST /api/wishlist/update').map((call) => call.body)).toEqual([
        { wishlist: [{ id: 1 }, { id: 6 }] },
      ]);
    },
    testTimeout,
  );
});
