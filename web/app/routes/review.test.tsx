import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reviewMessages } from '../../../contracts/review-rules';
import { jsonReply } from '../../test/fake-api';
import { anOrder, shipmentUpdatesOf } from '../../test/orders';
import { aProduct, catalogue } from '../../test/products';
import { renderShop } from '../../test/render-shop';
import { aMyReviewsReply } from '../../test/reviews';
import { aUser } from '../../test/users';

// Routes load their code lazily, which takes a few seconds in happy-dom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// docs/product.md#reviews in the whole app: the cards' average and count, "Write a review" in My Orders, the
// review page signed in or by a link, and the link's opt-out. The form's states are
// web/features/reviews/components/review-form.test.tsx.

describe('reviews in the shop', { timeout: 30_000 }, () => {
  it("shows each card's average and count, and the spec's rating on a card without reviews", async () => {
    const products = catalogue.map((product) =>
      product.id === 1
        ? aProduct({ ...product, reviewCount: 12, averageRating: 4.3, earnedRating: 4.2 })
        : product,
    );
    renderShop('/', { api: { 'GET /api/products': { products } } });
    const card = await screen.findByRole('article', { name: 'Face Mitt' });
    expect(within(card).getByText('Rated 4.3 out of 5 from 12 reviews')).toBeTruthy();
    expect(within(card).getByText('4.3 (12)', { exact: false }).textContent).toBe(' 4.3 (12)');
    const other = screen.getByRole('article', { name: 'For Normal Skin' });
    expect(within(other).getByText('Rated 5 out of 5')).toBeTruthy();
  });

  it('offers "Write a review" on the items of a delivered order only, and opens the form for that product', async () => {
    const delivered = anOrder({ status: 'delivered' });
    const shipped = anOrder({ status: 'shipped' });
    const item = delivered.items[0];
    const { api } = renderShop('/orders', {
      user: aUser(),
      api: {
        'GET /api/orders/my-orders-with-shipment': {
          orders: [delivered, shipped].map((order) => ({ ...order, shipmentEvents: [] })),
        },
        ...Object.fromEntries(
          [delivered, shipped].flatMap((order) => [
            [`GET /api/orders/shipment-updates/${order.orderId}`, shipmentUpdatesOf(order)],
            [`GET /api/orders/${order.orderId}/documents`, { invoice: null, creditNotes: [] }],
            [
              `GET /api/orders/${order.orderId}/returns`,
              { offer: { offered: false, message: null }, returns: [] },
            ],
          ]),
        ),
        'GET /api/reviews/mine': aMyReviewsReply([
          { productId: item?.productId ?? 1, title: item?.title ?? '' },
        ]),
      },
    });
    const deliveredCard = await screen.findByRole('article', { name: `Order ${delivered.orderNumber}` });
    const shippedCard = screen.getByRole('article', { name: `Order ${shipped.orderNumber}` });
    expect(within(shippedCard).queryByRole('link', { name: /^Write a review/ })).toBeNull();
    const write = within(deliveredCard).getByRole('link', { name: `Write a review of ${item?.title}` });
    expect(write.getAttribute('href')).toBe(`/review?product=${item?.productId}`);
    await userEvent.click(write);
    expect(await screen.findByRole('form', { name: `Review of ${item?.title}` })).toBeTruthy();
    // Signed in: the session, not a link.
    expect(api.callsTo('GET /api/reviews/mine')[0]?.headers.get('X-Review-Link')).toBeNull();
  });

  it('sends a visitor without a link to sign in first', async () => {
    renderShop('/review?product=1');
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeTruthy();
  });

  it("opens a review link's form without signing in", async () => {
    const { api } = renderShop('/review?token=abc', {
      api: { 'GET /api/reviews/mine': aMyReviewsReply([{ title: 'Face Mitt' }]) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Write a review' })).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Review of Face Mitt' })).toBeTruthy();
    expect(api.callsTo('GET /api/reviews/mine')[0]?.headers.get('X-Review-Link')).toBe('abc');
  });

  it("stops review requests only when the shopper presses the button, in the server's words", async () => {
    const { api } = renderShop('/review?token=abc&stop=1', {
      api: { 'POST /api/reviews/opt-out': { message: reviewMessages.optedOut } },
    });
    const button = await screen.findByRole('button', { name: 'Stop review requests' });
    expect(api.callsTo('POST /api/reviews/opt-out')).toHaveLength(0);
    await userEvent.click(button);
    expect((await screen.findByText(reviewMessages.optedOut)).getAttribute('role')).toBe('status');
    expect(api.callsTo('POST /api/reviews/opt-out')[0]?.headers.get('X-Review-Link')).toBe('abc');
  });

  it("shows an expired link's refusal of the opt-out", async () => {
    renderShop('/review?token=old&stop=1', {
      api: { 'POST /api/reviews/opt-out': () => jsonReply(401, { message: reviewMessages.linkExpired }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Stop review requests' }));
    expect((await screen.findByRole('alert')).textContent).toBe(reviewMessages.linkExpired);
  });
});
