import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { reviewMessages, VERIFIED_BUYER_LABEL } from '../../../../contracts/review-rules';
import { MemoryRouter } from '../../../lib/router';
import { setSessionUser } from '../../../lib/session';
import { fakeApi, jsonReply } from '../../../test/fake-api';
import { aProduct } from '../../../test/products';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { aPublicReview, aReviewsReply } from '../../../test/reviews';
import { aUser } from '../../../test/users';
import { ProductReviews } from './product-reviews';

// docs/product.md#reviews: the product page's reviews, each state. The server-rendered page and the journey are
// e2e/reviews.spec.ts.

const reviewed = aProduct({ id: 1, reviewCount: 12, averageRating: 4.3, earnedRating: 4.2 });
const REVIEWS = '/api/products/1/reviews';

function renderReviews(product = reviewed) {
  const { wrapper: QueryWrapper } = createQueryWrapper();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={['/product/1']}>
        <QueryWrapper>{children}</QueryWrapper>
      </MemoryRouter>
    );
  }
  return render(<ProductReviews product={product} />, { wrapper: Wrapper });
}

const withPhoto = aPublicReview({
  reviewId: 'r1',
  rating: 5,
  title: 'Like a spa',
  author: 'Meera',
  city: 'Kochi',
  photos: [{ photoId: 'p1', url: '/api/reviews/photos/p1/800', thumbnailUrl: '/api/reviews/photos/p1/400' }],
  helpfulCount: 2,
  reply: { text: 'Thank you, Meera!', at: '2026-11-22T06:30:00.000Z' },
});
const anonymous = aPublicReview({
  reviewId: 'r2',
  rating: 3,
  title: 'Good, a little rough',
  author: 'A verified buyer',
  city: null,
  text: '<b>Fine</b> for the body.',
});

describe('the product page reviews', { timeout: 15_000 }, () => {
  it('says there are none yet, and asks for none, without reviews', async () => {
    const api = fakeApi({});
    renderReviews(aProduct({ id: 1, reviewCount: 0, averageRating: null }));
    expect(screen.getByRole('heading', { name: 'Customer Reviews' })).toBeTruthy();
    expect(
      screen.getByText('No reviews yet. Reviews come only from shoppers who received this product.'),
    ).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the average, the count, the distribution and each review as the shopper consented', async () => {
    const api = fakeApi({ [`GET ${REVIEWS}`]: aReviewsReply([withPhoto, anonymous]) });
    renderReviews();
    expect(screen.getByText('4.3 out of 5')).toBeTruthy();
    expect(screen.getByText('12 reviews')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Reviews' });
    expect(api.calls[0]?.path).toBe(`${REVIEWS}?sort=photos&page=1`);

    const distribution = screen.getByRole('list', { name: 'Reviews by stars' });
    expect(
      within(distribution)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['5 stars6', '4 stars4', '3 stars1', '2 stars0', '1 star1']);

    const [first, second] = within(list).getAllByRole('article');
    expect(within(first as HTMLElement).getByRole('heading', { name: 'Like a spa' })).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Rated 5 out of 5')).toBeTruthy();
    expect(within(first as HTMLElement).getByText(VERIFIED_BUYER_LABEL)).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Meera, Kochi')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('20 November 2026')).toBeTruthy();
    expect(
      within(first as HTMLElement)
        .getByRole('img', { name: 'From Meera, 1 of 1' })
        .getAttribute('src'),
    ).toBe('/api/reviews/photos/p1/400');
    expect(
      within(first as HTMLElement).getByText('Reply from Ottoman Mittens · 22 November 2026'),
    ).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Thank you, Meera!')).toBeTruthy();
    expect(within(first as HTMLElement).getByRole('button', { name: 'Helpful (2)' })).toBeTruthy();

    // No consent: no name and no city. Text is text: the markup shows as its characters.
    expect(within(second as HTMLElement).getByText('A verified buyer')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('<b>Fine</b> for the body.')).toBeTruthy();
    expect((second as HTMLElement).querySelector('b')).toBeNull();
  });

  it("lists them in the API's other orders when chosen", async () => {
    const api = fakeApi({
      [`GET ${REVIEWS}`]: (call) =>
        call.path.includes('sort=newest')
          ? aReviewsReply([anonymous], { sort: 'newest' })
          : aReviewsReply([withPhoto, anonymous]),
    });
    renderReviews();
    await screen.findByRole('heading', { name: 'Like a spa' });
    await userEvent.selectOptions(screen.getByLabelText('Sort reviews'), 'Newest first');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Like a spa' })).toBeNull());
    expect(api.calls.map((call) => call.path)).toEqual([
      `${REVIEWS}?sort=photos&page=1`,
      `${REVIEWS}?sort=newest&page=1`,
    ]);
    expect(
      [...(screen.getByLabelText('Sort reviews') as HTMLSelectElement).options].map((option) => option.text),
    ).toEqual(['With photos first', 'Newest first', 'Most helpful first']);
  });

  it('adds the next page under the first with "More reviews", until there is none', async () => {
    const firstPage = Array.from({ length: 10 }, (_, index) =>
      aPublicReview({ reviewId: `a${index}`, title: `Review ${index + 1}` }),
    );
    const api = fakeApi({
      [`GET ${REVIEWS}`]: (call) =>
        call.path.endsWith('page=2')
          ? aReviewsReply([aPublicReview({ reviewId: 'b1', title: 'Review 11' })], { page: 2, total: 11 })
          : aReviewsReply(firstPage, { total: 11 }),
    });
    renderReviews();
    await userEvent.click(await screen.findByRole('button', { name: 'More reviews' }));
    expect(await screen.findByRole('heading', { name: 'Review 11' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Reviews' })).getAllByRole('article')).toHaveLength(11);
    expect(screen.queryByRole('button', { name: 'More reviews' })).toBeNull();
    expect(api.calls.at(-1)?.path).toBe(`${REVIEWS}?sort=photos&page=2`);
  });

  it('asks a signed-out shopper to sign in for "Helpful", and sends nothing', async () => {
    const api = fakeApi({ [`GET ${REVIEWS}`]: aReviewsReply([withPhoto]) });
    renderReviews();
    await userEvent.click(await screen.findByRole('button', { name: 'Helpful (2)' }));
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/login?returnTo=%2Fproduct%2F1');
    expect(link.parentElement?.textContent).toBe('Sign in to vote for reviews.');
    expect(api.calls).toHaveLength(1);
  });

  it("counts a signed-in shopper's vote once, and takes it back on a second press", async () => {
    setSessionUser(aUser());
    const api = fakeApi({
      [`GET ${REVIEWS}`]: aReviewsReply([withPhoto]),
      'PUT /api/reviews/r1/helpful': { message: reviewMessages.voted, helpfulCount: 3, votedHelpful: true },
      'DELETE /api/reviews/r1/helpful': {
        message: reviewMessages.voteRemoved,
        helpfulCount: 2,
        votedHelpful: false,
      },
    });
    renderReviews();
    await userEvent.click(await screen.findByRole('button', { name: 'Helpful (2)' }));
    const voted = await screen.findByRole('button', { name: 'Helpful (3)' });
    expect(voted.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(voted);
    const withdrawn = await screen.findByRole('button', { name: 'Helpful (2)' });
    expect(withdrawn.getAttribute('aria-pressed')).toBe('false');
    expect(api.callsTo('PUT /api/reviews/r1/helpful')).toHaveLength(1);
    expect(api.callsTo('DELETE /api/reviews/r1/helpful')).toHaveLength(1);
  });

  it("shows the server's refusal of a vote", async () => {
    setSessionUser(aUser());
    fakeApi({
      [`GET ${REVIEWS}`]: aReviewsReply([withPhoto]),
      'PUT /api/reviews/r1/helpful': () => jsonReply(422, { message: reviewMessages.ownReview }),
    });
    renderReviews();
    await userEvent.click(await screen.findByRole('button', { name: 'Helpful (2)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(reviewMessages.ownReview);
    expect(screen.getByRole('button', { name: 'Helpful (2)' })).toBeTruthy();
  });

  it('says why the reviews did not load, and tries again', async () => {
    let failing = true;
    fakeApi({
      [`GET ${REVIEWS}`]: () =>
        failing ? jsonReply(404, { message: reviewMessages.productNotFound }) : aReviewsReply([withPhoto]),
    });
    renderReviews();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(reviewMessages.productNotFound)).toBeTruthy();
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Like a spa' })).toBeTruthy();
  });
});
