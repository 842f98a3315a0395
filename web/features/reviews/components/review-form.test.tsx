import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { reviewMessages, reviewRefusalMessages } from '../../../../contracts/review-rules';
import { MemoryRouter } from '../../../lib/router';
import { fakeApi, jsonReply } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { aMyReviewsReply, anOwnReview } from '../../../test/reviews';
import { reviewClient } from '../api/review-author';
import { MyReviews } from './my-reviews';

// docs/product.md#reviews: writing, editing and deleting a review, each state of the form, with a review link's
// token (no sign-in) as the request e-mail opens it. The route's sign-in and opt-out are app/routes/review.test.tsx.

const TOKEN = 'link-token';
const MINE = 'GET /api/reviews/mine';

function renderForm(productId: number | null = null) {
  const { wrapper: QueryWrapper } = createQueryWrapper();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={['/review']}>
        <QueryWrapper>{children}</QueryWrapper>
      </MemoryRouter>
    );
  }
  return render(<MyReviews client={reviewClient(TOKEN)} linkToken={TOKEN} productId={productId} />, {
    wrapper: Wrapper,
  });
}

async function fillIn(stars: string, title: string, text: string) {
  await userEvent.click(screen.getByRole('radio', { name: stars }));
  await userEvent.type(screen.getByLabelText('Title'), title);
  await userEvent.type(screen.getByLabelText('Your review'), text);
}

const written = (overrides = {}) =>
  anOwnReview({ productId: 1, rating: 4, title: 'Soft', text: 'Gentle on my skin.', ...overrides });

describe('the review form', { timeout: 15_000 }, () => {
  it('offers 1 to 5 stars as one radio group, a title, a text, photos and the consent', async () => {
    fakeApi({ [MINE]: aMyReviewsReply([{ title: 'Face Mitt' }]) });
    renderForm();
    const form = await screen.findByRole('form', { name: 'Review of Face Mitt' });
    const group = within(form).getByRole('radiogroup', { name: 'Your rating' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('name')),
    ).toEqual(Array(5).fill('review-1-rating'));
    expect(within(group).getByRole('radio', { name: '1 star' })).toBeTruthy();
    expect(within(group).getByRole('radio', { name: '5 stars' })).toBeTruthy();
    expect(within(form).getByLabelText('Photos (optional, up to 4)')).toBeTruthy();
    const consent = within(form).getByRole('checkbox', {
      name: 'Show my first name and city with my review (else it says “A verified buyer”)',
    }) as HTMLInputElement;
    expect(consent.checked).toBe(true);
  });

  it("refuses an empty form in the server's words, and sends nothing", async () => {
    const api = fakeApi({ [MINE]: aMyReviewsReply() });
    renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit review' }));
    expect(screen.getByText(reviewMessages.ratingRange)).toBeTruthy();
    expect(screen.getByText(reviewMessages.titleRequired)).toBeTruthy();
    expect(screen.getByText(reviewMessages.textLength)).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('radiogroup', { name: 'Your rating' }).getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(screen.getByLabelText('Your review'), 'See www.mittdeals.shop for more');
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    await userEvent.type(screen.getByLabelText('Title'), 'Deals');
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(screen.getByText(reviewMessages.noLinks)).toBeTruthy();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/reviews/mine']);
  });

  it("writes the review with the link, then adds the photo, and says so in the server's words", async () => {
    const review = written();
    const api = fakeApi({
      [MINE]: aMyReviewsReply(),
      'POST /api/reviews': () => jsonReply(201, { message: reviewMessages.published, review }),
      'POST /api/reviews/r-own/photos': () =>
        jsonReply(201, {
          message: reviewMessages.photoAdded,
          photo: {
            photoId: 'p1',
            url: '/api/reviews/photos/p1/800',
            thumbnailUrl: '/api/reviews/photos/p1/400',
          },
        }),
    });
    renderForm();
    await screen.findByRole('form');
    await fillIn('4 stars', 'Soft', 'Gentle on my skin.');
    await userEvent.click(screen.getByRole('checkbox'));
    const photo = new File(['jpeg'], 'bath.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Photos (optional, up to 4)'), photo);
    expect(screen.getByText('bath.jpg (added when you save)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));

    expect((await screen.findByRole('status')).textContent).toBe(reviewMessages.published);
    const [post] = api.callsTo('POST /api/reviews');
    expect(post?.body).toEqual({
      productId: 1,
      rating: 4,
      title: 'Soft',
      text: 'Gentle on my skin.',
      showNameAndCity: false,
    });
    expect(post?.headers.get('X-Review-Link')).toBe(TOKEN);
    const [upload] = api.callsTo('POST /api/reviews/r-own/photos');
    expect(upload?.headers.get('Content-Type')).toBe('image/jpeg');
    expect(upload?.headers.get('X-Review-Link')).toBe(TOKEN);
    // The list is read again after the write.
    await waitFor(() => expect(api.callsTo(MINE)).toHaveLength(2));
  });

  it("shows the server's refusal of the review, and keeps what was typed", async () => {
    fakeApi({
      [MINE]: aMyReviewsReply(),
      'POST /api/reviews': () => jsonReply(409, { message: reviewMessages.alreadyReviewed }),
    });
    renderForm();
    await screen.findByRole('form');
    await fillIn('5 stars', 'Lovely', 'Lovely on the face.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect((await screen.findByRole('alert')).textContent).toBe(reviewMessages.alreadyReviewed);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Lovely');
  });

  it("keeps the saved review and says why a photo was refused, in the server's words", async () => {
    const api = fakeApi({
      [MINE]: aMyReviewsReply(),
      'POST /api/reviews': () => jsonReply(201, { message: reviewMessages.published, review: written() }),
      'POST /api/reviews/r-own/photos': () => jsonReply(413, { message: reviewMessages.photoTooLarge }),
      'PUT /api/reviews/r-own': { message: reviewMessages.updated, review: written() },
    });
    renderForm();
    await screen.findByRole('form');
    await fillIn('4 stars', 'Soft', 'Gentle on my skin.');
    await userEvent.upload(
      screen.getByLabelText('Photos (optional, up to 4)'),
      new File(['x'], 'huge.jpg', { type: 'image/jpeg' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${reviewMessages.published} ${reviewMessages.photoTooLarge}`,
    );
    // Saving again edits the review written, not a second one.
    await userEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(api.callsTo('PUT /api/reviews/r-own')).toHaveLength(1));
    expect(api.callsTo('POST /api/reviews')).toHaveLength(1);
  });

  it(`takes at most 4 photos: "${reviewMessages.tooManyPhotos}"`, async () => {
    fakeApi({ [MINE]: aMyReviewsReply() });
    renderForm();
    await screen.findByRole('form');
    const files = [1, 2, 3, 4, 5].map((n) => new File(['x'], `${n}.jpg`, { type: 'image/jpeg' }));
    await userEvent.upload(screen.getByLabelText('Photos (optional, up to 4)'), files);
    expect(screen.getByRole('alert').textContent).toBe(reviewMessages.tooManyPhotos);
    expect(within(screen.getByRole('list', { name: 'Your photos' })).getAllByRole('listitem')).toHaveLength(
      4,
    );
    expect((screen.getByLabelText('Photos (optional, up to 4)') as HTMLInputElement).disabled).toBe(true);
  });

  it('says why a product may not be reviewed', async () => {
    fakeApi({
      [MINE]: aMyReviewsReply([
        { canReview: false, refusal: 'refunded', message: reviewRefusalMessages.refunded },
      ]),
    });
    renderForm();
    expect(await screen.findByText(reviewRefusalMessages.refunded)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it("shows an expired link's message, not a sign-out", async () => {
    fakeApi({ [MINE]: () => jsonReply(401, { message: reviewMessages.linkExpired }) });
    renderForm();
    expect((await screen.findByRole('alert')).textContent).toBe(reviewMessages.linkExpired);
  });

  it('shows the own review with its status and the reason it was hidden, and edits it', async () => {
    const own = written({ status: 'hidden', hiddenReason: 'Names another shop' });
    const api = fakeApi({
      [MINE]: aMyReviewsReply([{ review: own }]),
      'PUT /api/reviews/r-own': { message: reviewMessages.updated, review: { ...own, rating: 2 } },
    });
    renderForm();
    expect(await screen.findByText('Status: Hidden (Names another shop)')).toBeTruthy();
    expect(screen.getByText('Gentle on my skin.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit review' }));
    expect((screen.getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('status')).textContent).toBe(reviewMessages.updated);
    expect(api.callsTo('PUT /api/reviews/r-own')[0]?.body).toEqual({
      rating: 2,
      title: 'Soft',
      text: 'Gentle on my skin.',
      showNameAndCity: true,
    });
  });

  it('deletes the own review after asking', async () => {
    const api = fakeApi({
      [MINE]: aMyReviewsReply([{ review: written() }]),
      'DELETE /api/reviews/r-own': { message: reviewMessages.deleted },
    });
    renderForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete review' }));
    expect(api.callsTo('DELETE /api/reviews/r-own')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my review' }));
    expect((await screen.findByRole('status')).textContent).toBe(reviewMessages.deleted);
    expect(api.callsTo('DELETE /api/reviews/r-own')[0]?.headers.get('X-Review-Link')).toBe(TOKEN);
  });

  it('lists only the product My Orders asked for, with its form open', async () => {
    fakeApi({ [MINE]: aMyReviewsReply([{ title: 'Face Mitt' }, { title: 'Soft Mitt' }]) });
    renderForm(2);
    expect(await screen.findByRole('form', { name: 'Review of Soft Mitt' })).toBeTruthy();
    expect(screen.queryByText('Face Mitt')).toBeNull();
  });
});
