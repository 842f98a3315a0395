import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from '../../../lib/router';
import { NewReviewsCard } from './new-reviews-card';

// docs/product.md#reviews-console: the dashboard counts the reviews held for the owner, linking to them.

describe("the dashboard's new reviews", () => {
  it.each([
    [0, '0 new reviews'],
    [1, '1 new review'],
    [3, '3 new reviews'],
  ])('%i held: "%s", linking to the New tab', (count, text) => {
    render(
      <MemoryRouter initialEntries={['/admin']}>
        <NewReviewsCard newReviews={count} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: text });
    expect(link.getAttribute('href')).toBe('/admin/reviews?status=pending');
  });

  it('shows nothing before the dashboard answers', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/admin']}>
        <NewReviewsCard newReviews={undefined} />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('');
  });
});
