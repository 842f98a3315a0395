import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CartReply, cartMessages } from '../../../contracts/cart';
import { products } from '../../db/schema';
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
    update: (cart: unknown) =>
      app.inject({ method: 'POST', url: '/api/cart/update', headers, payload: { cart } }),
    get: async () => (await app.inject({ method: 'GET', url: '/api/cart', headers })).json<CartReply>(),
  };
}

describe('the cart', () => {
  it('needs a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/cart' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized. Please login again.' });
  });

  it('is empty for a new shopper', async () => {
    const asha = await shopper();
    expect(await asha.get()).toEqual({
      cart: [],
      summary: {
        itemCount: 0,
        lineCount: 0,
        mrp: 0,
        subtotal: 0,
        discount: 0,
        shipping: 0,
        tax: 0,
        total: 0,
        couponDiscountPaise: 0,
        totalPaise: 0,
      },
      coupon: null,
      couponNotice: null,
    });
  });

  it('takes prices and titles from the catalogue, never from the client', async () => {
    const asha = await shopper();
    const response = await asha.update([
      { id: 4, quantity: 2, price: 1, discount: 99, title: 'Cheap', images: ['x'] },
    ]);
    expect(response.statusCode).toBe(200);
    const { cart, summary } = response.json<CartReply>();
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({
      id: 4,
      title: 'Luxury Mitt',
      price: 999,
      discount: 40,
      discountedPrice: 599,
      quantity: 2,
      size: 'M',
    });
    expect(cart[0]?.images).toEqual([
      '/images/products/4-1-800.webp',
      '/images/products/4-2-800.webp',
      '/images/products/4-3-800.webp',
    ]);
    // docs/product.md#money: two Luxury Mitts: subtotal 1198, free shipping, total 1198.
    expect(summary).toEqual({
      itemCount: 2,
      lineCount: 1,
      mrp: 1998,
      subtotal: 1198,
      discount: 800,
      shipping: 0,
      tax: 0,
      total: 1198,
      couponDiscountPaise: 0,
      totalPaise: 119_800,
    });
  });

  it('merges duplicate lines and keeps sizes apart', async () => {
    const asha = await shopper();
    const { cart } = (
      await asha.update([
        { id: 1, quantity: 1 },
        { id: '1', quantity: 2, size: 'M' },
        { id: 1, quantity: 1, size: 'L' },
      ])
    ).json<CartReply>();
    expect(cart.map(({ id, size, quantity }) => ({ id, size, quantity }))).toEqual([
      { id: 1, size: 'L', quantity: 1 },
      { id: 1, size: 'M', quantity: 3 },
    ]);
  });

  it('keeps lines in the order they were first added', async () => {
    const asha = await shopper();
    await asha.update([{ id: 6, quantity: 1 }]);
    await asha.update([
      { id: 6, quantity: 2 },
      { id: 2, quantity: 1 },
    ]);
    expect((await asha.get()).cart.map((line) => line.id)).toEqual([6, 2]);
  });

  it.each([
    ['quantity 0', [{ id: 1, quantity: 0 }], 'Quantity must be a whole number from 1 to 10.'],
    ['quantity 11', [{ id: 1, quantity: 11 }], 'Quantity must be a whole number from 1 to 10.'],
    ['quantity -1', [{ id: 1, quantity: -1 }], 'Quantity must be a whole number from 1 to 10.'],
    ['quantity 1.5', [{ id: 1, quantity: 1.5 }], 'Quantity must be a whole number from 1 to 10.'],
    ['a string quantity', [{ id: 1, quantity: '2' }], 'Quantity must be a whole number from 1 to 10.'],
    ['an unknown product', [{ id: 99, quantity: 1 }], 'Product 99 is not in our catalogue.'],
    ['no product id', [{ quantity: 1 }], 'Each item needs a product id.'],
    ['an odd size', [{ id: 1, quantity: 1, size: 'XXL' }], 'Size must be S, M or L.'],
    [
      'merged lines over 10',
      [
        { id: 1, quantity: 6 },
        { id: 1, quantity: 5 },
      ],
      'You can buy at most 10 of each item.',
    ],
    [
      '51 lines',
      Array.from({ length: 51 }, () => ({ id: 1, quantity: 1 })),
      'A cart can hold at most 50 lines.',
    ],
  ])('refuses %s with a clear 400 and keeps the stored cart', async (_case, cart, message) => {
    const asha = await shopper();
    await asha.update([{ id: 2, quantity: 1 }]);
    const before = await asha.get();
    const response = await asha.update(cart);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
    expect(await asha.get()).toEqual(before);
  });

  it('refuses 10,000 lines with a 4xx and keeps the stored cart', async () => {
    const asha = await shopper();
    await asha.update([{ id: 2, quantity: 1 }]);
    const response = await asha.update(Array.from({ length: 10_000 }, () => ({ id: 1, quantity: 1 })));
    expect([400, 413]).toContain(response.statusCode);
    expect((await asha.get()).cart.map((line) => line.id)).toEqual([2]);
  });

  it('refuses a product not in the catalogue, naming it, and keeps the stored cart', async () => {
    const asha = await shopper();
    await asha.update([{ id: 2, quantity: 1 }]);
    const response = await asha.update([
      { id: 3, quantity: 1 },
      { id: 987_654, quantity: 1 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: cartMessages.unknownProduct(987_654) });
    expect((await asha.get()).cart.map((line) => line.id)).toEqual([2]);
  });

  it.each([null, 'cart', { id: 1 }])('refuses a cart that is not a list (%j)', async (cart) => {
    const response = await (await shopper()).update(cart);
    expect(response.statusCode).toBe(400);
  });

  it('empties with an empty list', async () => {
    const asha = await shopper();
    await asha.update([{ id: 2, quantity: 1 }]);
    expect((await asha.update([])).json<CartReply>().cart).toEqual([]);
  });

  it('is scoped to its owner', async () => {
    const asha = await shopper();
    const ravi = await shopper();
    await asha.update([{ id: 3, quantity: 2 }]);
    await ravi.update([{ id: 5, quantity: 1 }]);
    expect((await asha.get()).cart.map((line) => line.id)).toEqual([3]);
    expect((await ravi.get()).cart.map((line) => line.id)).toEqual([5]);
  });

  it('ends as one of the two lists when two updates race, never a mix', async () => {
    const asha = await shopper();
    for (let round = 0; round < 5; round += 1) {
      await Promise.all([
        asha.update([
          { id: 1, quantity: 1 },
          { id: 2, quantity: 1 },
        ]),
        asha.update([{ id: 3, quantity: 1 }]),
      ]);
      const ids = (await asha.get()).cart.map((line) => line.id).sort();
      expect([[1, 2], [3]]).toContainEqual(ids);
    }
  });
});

describe('cart totals (docs/product.md#money) at the shipping boundaries', () => {
  // Discounted unit prices: Face Mitt 239, Soft Mitt 389, Luxury Soft Mitt 539, For Normal Skin 569, Luxury Mitt 599.
  it.each([
    ['one Face Mitt', [{ id: 1, quantity: 1 }], { subtotal: 239, shipping: 100, total: 339 }],
    ['subtotal 478 (below 500)', [{ id: 1, quantity: 2 }], { subtotal: 478, shipping: 100, total: 578 }],
    ['subtotal 539 (from 500)', [{ id: 5, quantity: 1 }], { subtotal: 539, shipping: 75, total: 614 }],
    ['subtotal 956 (below 1000)', [{ id: 1, quantity: 4 }], { subtotal: 956, shipping: 75, total: 1031 }],
    ['subtotal 1078 (from 1000)', [{ id: 5, quantity: 2 }], { subtotal: 1078, shipping: 0, total: 1078 }],
    ['two Luxury Mitts', [{ id: 4, quantity: 2 }], { subtotal: 1198, shipping: 0, total: 1198 }],
  ])('%s', async (_case, cart, expected) => {
    const asha = await shopper();
    const { summary } = (await asha.update(cart)).json<CartReply>();
    expect(summary).toMatchObject(expected);
  });
});

describe('cart totals at the exact boundary subtotals 499, 500, 999 and 1000', () => {
  // No mix of the seeded prices sums to these, so the shop owner reprices Luxury Mitt Black (id 7, 40% off):
  // round(832 x 0.6) = 499, round(833 x 0.6) = 500, round(1665 x 0.6) = 999, round(1667 x 0.6) = 1000.
  afterAll(() => app.db.update(products).set({ pricePaise: 99_900 }).where(eq(products.id, 7)));

  it.each([
    [832, { subtotal: 499, shipping: 100, total: 599 }],
    [833, { subtotal: 500, shipping: 75, total: 575 }],
    [1665, { subtotal: 999, shipping: 75, total: 1074 }],
    [1667, { subtotal: 1000, shipping: 0, total: 1000 }],
  ])('a list price of ₹%i', async (price, expected) => {
    await app.db
      .update(products)
      .set({ pricePaise: price * 100 })
      .where(eq(products.id, 7));
    const asha = await shopper();
    const { summary } = (await asha.update([{ id: 7, quantity: 1 }])).json<CartReply>();
    expect(summary).toMatchObject(expected);
  });
});
