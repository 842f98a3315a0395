import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reviewMessages } from '../../../../contracts/reviews';
import { anAdminReview, reviewsReply } from '../../../test/admin-reviews';
import { jsonReply } from '../../../test/fake-api';
import { renderConsole } from '../../../test/render-console';

// docs/product.md#reviews-console: the console's Reviews page in its states, for an owner (who publishes, hides
// with a reason and replies) and for support (who reads). The journey with the real server is
// e2e/admin-reviews.spec.ts.

const loading = { timeout: 10_000 };
const LIST = 'GET /api/admin/reviews';

function reviewCard(title: string) {
  return screen.getByRole('listitem', { name: title });
}

describe('the Reviews page', () => {
  it('shows each review with its product, stars, text, photos, shopper, date and verified order; tabs count each status', async () => {
    const published = anAdminReview({ title: 'Soft and it works' });
    const held = anAdminReview({
      title: 'Too rough for me',
      rating: 2,
      status: 'pending',
      photos: [],
      author: 'A verified buyer',
      city: null,
    });
    const { api } = renderConsole('/admin/reviews', {
      api: { [LIST]: reviewsReply([published, held], { published: 7, pending: 1, hidden: 2 }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Reviews' }, loading);
    const tabs = await screen.findByRole('navigation', { name: 'Filter by status' }, loading);
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['All (10)', 'New (1)', 'Published (7)', 'Hidden (2)']),
    );
    expect(within(tabs).getByRole('link', { name: 'All (10)' }).getAttribute('aria-current')).toBe('page');
    expect(api.callsTo(LIST)[0]?.path).toBe('/api/admin/reviews');

    const card = reviewCard('Soft and it works');
    expect(within(card).getByText('4 of 5 stars')).toBeTruthy();
    expect(within(card).getByText('Published')).toBeTruthy();
    expect(within(card).getByText(/My skin feels smoother after a week\./).textContent).toBe(published.text);
    // docs/architecture.md#review-photos: the console reads every review's photos through its own route.
    const photo = within(card).getByRole('img', { name: "The shopper's upload 1, full size" });
    expect(photo.getAttribute('src')).toBe(published.photos[0]?.thumbnailUrl);
    expect(photo.closest('a')?.getAttribute('href')).toBe(published.photos[0]?.url);
    expect(
      within(card).getByRole('link', { name: 'Ottoman Silk Bath Mitten, Sand' }).getAttribute('href'),
    ).toBe('/admin/products/3');
    expect(within(card).getByRole('link', { name: 'Asha Verma' }).getAttribute('href')).toBe(
      `/admin/customers/${published.customer.userId}`,
    );
    expect(within(card).getByText(/asha\.verma@example\.in/)).toBeTruthy();
    expect(within(card).getByText('Asha, Pune')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: `Order ${published.orderNumber}` })
        .getAttribute('href'),
    ).toBe(`/admin/orders/${published.orderId}`);
    expect(within(card).getByText('20 Nov 2026, 11:00 am IST')).toBeTruthy();
    // A published review is not published again; a new one is.
    expect(within(card).queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Hide' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Reply publicly' })).toBeTruthy();

    const heldCard = reviewCard('Too rough for me');
    expect(within(heldCard).getByText('2 of 5 stars')).toBeTruthy();
    expect(within(heldCard).getByText('New')).toBeTruthy();
    expect(within(heldCard).getByText('A verified buyer')).toBeTruthy();
    expect(within(heldCard).queryByRole('list', { name: 'Photos' })).toBeNull();
    expect(within(heldCard).getByRole('button', { name: 'Publish' })).toBeTruthy();

    await userEvent.click(within(tabs).getByRole('link', { name: 'New (1)' }));
    await waitFor(() =>
      expect(api.callsTo(LIST).map((call) => call.path)).toContain('/api/admin/reviews?status=pending'),
    );
    await waitFor(() =>
      expect(within(tabs).getByRole('link', { name: 'New (1)' }).getAttribute('aria-current')).toBe('page'),
    );
  });

  it('says when a tab is empty, and pages through older reviews', async () => {
    const { api } = renderConsole('/admin/reviews?status=hidden', {
      api: { [LIST]: reviewsReply([], { published: 0, pending: 0, hidden: 0 }) },
    });
    expect((await screen.findByText('No hidden reviews.', {}, loading)).textContent).toBe(
      'No hidden reviews.',
    );
    expect(api.callsTo(LIST)[0]?.path).toBe('/api/admin/reviews?status=hidden');
    expect(screen.queryByRole('link', { name: 'Older reviews' })).toBeNull();
  });

  it('pages: 60 published reviews are three pages of 25', async () => {
    const { api } = renderConsole('/admin/reviews?status=published&page=2', {
      api: {
        [LIST]: {
          ...reviewsReply([anAdminReview()], { published: 60, pending: 0, hidden: 0 }),
          page: 2,
          total: 60,
        },
      },
    });
    expect((await screen.findByText('Page 2 of 3', {}, loading)).textContent).toBe('Page 2 of 3');
    expect(api.callsTo(LIST)[0]?.path).toBe('/api/admin/reviews?status=published&page=2');
    expect(screen.getByRole('link', { name: 'Newer reviews' }).getAttribute('href')).toBe(
      '/admin/reviews?status=published',
    );
    expect(screen.getByRole('link', { name: 'Older reviews' }).getAttribute('href')).toBe(
      '/admin/reviews?status=published&page=3',
    );
  });

  it('publishes a new review: the server’s message shows and the list is read again', async () => {
    const held = anAdminReview({ title: 'Waiting for you', status: 'pending' });
    const { api } = renderConsole('/admin/reviews?status=pending', {
      api: {
        [LIST]: reviewsReply([held]),
        [`POST /api/admin/reviews/${held.reviewId}/publish`]: {
          message: reviewMessages.publishedByShop,
          review: { ...held, status: 'published' },
        },
      },
    });
    await screen.findByRole('listitem', { name: 'Waiting for you' }, loading);
    await userEvent.click(within(reviewCard('Waiting for you')).getByRole('button', { name: 'Publish' }));
    expect((await screen.findByText(reviewMessages.publishedByShop)).textContent).toBe('Review published.');
    expect(api.callsTo(`POST /api/admin/reviews/${held.reviewId}/publish`)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo(LIST).length).toBe(2));
  });

  it('shows the server’s refusal of a publish under its review', async () => {
    const held = anAdminReview({ title: 'Deleted meanwhile', status: 'pending' });
    renderConsole('/admin/reviews?status=pending', {
      api: {
        [LIST]: reviewsReply([held]),
        [`POST /api/admin/reviews/${held.reviewId}/publish`]: jsonReply(404, {
          message: reviewMessages.notFound,
        }),
      },
    });
    await screen.findByRole('listitem', { name: 'Deleted meanwhile' }, loading);
    const card = reviewCard('Deleted meanwhile');
    await userEvent.click(within(card).getByRole('button', { name: 'Publish' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Review not found.');
  });

  it('hides a review only with a reason: an empty one is refused with the rule’s words, then it is sent', async () => {
    const review = anAdminReview({ title: 'Buy at mittdeals' });
    const { api } = renderConsole('/admin/reviews', {
      api: {
        [LIST]: reviewsReply([review]),
        [`POST /api/admin/reviews/${review.reviewId}/hide`]: {
          message: reviewMessages.hidden,
          review: { ...review, status: 'hidden', hiddenReason: 'Advertises another shop.' },
        },
      },
    });
    await screen.findByRole('listitem', { name: 'Buy at mittdeals' }, loading);
    await userEvent.click(within(reviewCard('Buy at mittdeals')).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review' });
    const reason = within(dialog).getByLabelText('Reason for hiding it (required)');
    await userEvent.type(reason, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(within(dialog).getByText(reviewMessages.hideReasonRequired).textContent).toBe(
      'Please give a reason for hiding the review (at most 300 characters).',
    );
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo(`POST /api/admin/reviews/${review.reviewId}/hide`)).toHaveLength(0);

    await userEvent.clear(reason);
    await userEvent.type(reason, ' Advertises another shop. ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() =>
      expect(api.callsTo(`POST /api/admin/reviews/${review.reviewId}/hide`).map((call) => call.body)).toEqual(
        [{ reason: 'Advertises another shop.' }],
      ),
    );
    expect((await screen.findByText(reviewMessages.hidden)).textContent).toBe('Review hidden.');
    await waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(false));
  });

  it('shows the server’s refusal inside the dialog', async () => {
    const review = anAdminReview({ title: 'Gone meanwhile' });
    renderConsole('/admin/reviews', {
      api: {
        [LIST]: reviewsReply([review]),
        [`POST /api/admin/reviews/${review.reviewId}/hide`]: jsonReply(404, {
          message: reviewMessages.notFound,
        }),
      },
    });
    await screen.findByRole('listitem', { name: 'Gone meanwhile' }, loading);
    await userEvent.click(within(reviewCard('Gone meanwhile')).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review' });
    await userEvent.type(within(dialog).getByLabelText('Reason for hiding it (required)'), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Review not found.');
    expect((dialog as HTMLDialogElement).open).toBe(true);
  });

  it('edits the public reply (filled with the current one) and removes it with an empty reply', async () => {
    const review = anAdminReview({
      title: 'Lovely gift',
      reply: { text: 'Thank you, Asha!', at: '2026-11-21T04:30:00.000Z' },
    });
    const replyRoute = `PUT /api/admin/reviews/${review.reviewId}/reply`;
    const { api } = renderConsole('/admin/reviews', {
      api: {
        [LIST]: reviewsReply([review]),
        [replyRoute]: (call) => {
          const { text } = call.body as { text: string };
          return {
            message: text === '' ? reviewMessages.replyRemoved : reviewMessages.replied,
            review: { ...review, reply: text === '' ? null : { text, at: '2026-11-22T04:30:00.000Z' } },
          };
        },
      },
    });
    await screen.findByRole('listitem', { name: 'Lovely gift' }, loading);
    const card = reviewCard('Lovely gift');
    expect(within(card).getByText('Thank you, Asha!')).toBeTruthy();
    expect(within(card).getByText('Your public reply')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Edit reply' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit the public reply' });
    const field = within(dialog).getByLabelText('Your reply') as HTMLTextAreaElement;
    expect(field.value).toBe('Thank you, Asha!');
    await userEvent.type(field, ' Enjoy your baths.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reply' }));
    expect((await screen.findByText(reviewMessages.replied)).textContent).toBe('Reply published.');

    await userEvent.click(within(card).getByRole('button', { name: 'Edit reply' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit the public reply' });
    await userEvent.clear(within(dialog).getByLabelText('Your reply'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reply' }));
    expect((await screen.findByText(reviewMessages.replyRemoved)).textContent).toBe('Reply removed.');
    expect(api.callsTo(replyRoute).map((call) => call.body)).toEqual([
      { text: 'Thank you, Asha! Enjoy your baths.' },
      { text: '' },
    ]);
  });

  it('shows a hidden review’s reason; support reads every review and has no actions', async () => {
    const hidden = anAdminReview({
      title: 'Rude words',
      status: 'hidden',
      hiddenReason: 'Abusive language.',
      hiddenAt: '2026-11-22T04:30:00.000Z',
    });
    renderConsole('/admin/reviews', { role: 'support', api: { [LIST]: reviewsReply([hidden]) } });
    await screen.findByRole('listitem', { name: 'Rude words' }, loading);
    const card = reviewCard('Rude words');
    expect(within(card).getByText('Hidden because')).toBeTruthy();
    expect(within(card).getByText(/Abusive language\./)).toBeTruthy();
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('Only an owner can publish, hide or reply to a review.')).toBeTruthy();
  });

  it('is in the console’s navigation', async () => {
    renderConsole('/admin/reviews', { api: { [LIST]: reviewsReply([]) } });
    const navigation = await screen.findByRole('navigation', { name: 'Console' }, loading);
    expect(within(navigation).getByRole('link', { name: 'Reviews' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect((await screen.findByText('No reviews yet.')).textContent).toBe('No reviews yet.');
  });
});
