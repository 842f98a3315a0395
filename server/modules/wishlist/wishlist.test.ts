import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WishlistReply } from '../../../contracts/cart';
import { bearer } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createShopper } from '../../test/shopper-factory';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000 });
});
afterAll(() => app.closeAndDrop());

async function shopper() {
  const { token } = await createShopper(app);
  const headers = bearer(token);
  return {
    update: (wishlist: unknown) =>
      app.inject({ method: 'POST', url: '/api/wishlist/update', headers, payload: { wishlist } }),
    ids: async () =>
      (await app.inject({ method: 'GET', url: '/api/wishlist', headers }))
        .json<WishlistReply>()
        .wishlist.map((p) => p.id),
  };
}

describe('the wishlist', () => {
  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/wishlist' })).statusCode).toBe(401);
  });

  it('stores products from the catalogue and ignores duplicates', async () => {
    const asha = await shopper();
    const response = await asha.update([{ id: 7 }, { id: 2, price: 1 }, { id: 7 }]);
    expect(response.statusCode).toBe(200);
    const { wishlist } = response.json<WishlistReply>();
    expect(wishlist.map((p) => [p.id, p.title, p.price])).toEqual([
      [2, 'For Normal Skin', 949],
      [7, 'Luxury Mitt Black', 999],
    ]);
  });

  it('refuses an unknown product and keeps the stored list', async () => {
    const asha = await shopper();
    await asha.update([{ id: 3 }]);
    const response = await asha.update([{ id: 3 }, { id: 12 }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Product 12 is not in our catalogue.' });
    expect(await asha.ids()).toEqual([3]);
  });

  it('is scoped to its owner', async () => {
    const asha = await shopper();
    const ravi = await shopper();
    await asha.update([{ id: 1 }]);
    expect(await ravi.ids()).toEqual([]);
    expect(await asha.ids()).toEqual([1]);
  });

  it('empties with an empty list', async () => {
    const asha = await shopper();
    await asha.update([{ id: 1 }]);
    await asha.update([]);
    expect(await asha.ids()).toEqual([]);
  });
});
