import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { attentionReasonText } from '../../../../contracts/order-status';
import { MemoryRouter } from '../../../lib/router';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { AttentionList } from './attention-list';

// docs/product.md#needs-attention: each open flag in words, its order linked; a low rating (docs/product.md#reviews)
// also links to the Reviews page, where the owner replies or hides it.

describe('Needs attention', () => {
  it('says why a low rating needs the owner, with its order and the Reviews page', async () => {
    fakeApi({
      'GET /api/admin/attention': {
        items: [
          {
            kind: 'order',
            reason: 'low_rating_review',
            detail: attentionReasonText.low_rating_review,
            orderId: 'order-7',
            orderNumber: 'OM-2026-00007',
            since: '2026-11-20T05:30:00.000Z',
          },
        ],
      },
    });
    const { wrapper } = createQueryWrapper();
    render(
      <MemoryRouter initialEntries={['/admin']}>
        <AttentionList />
      </MemoryRouter>,
      { wrapper },
    );
    const item = (await screen.findByRole('link', { name: 'Order OM-2026-00007' })).closest(
      'li',
    ) as HTMLElement;
    expect(item.querySelector('p')?.textContent).toBe(
      'Order OM-2026-00007: The shopper rated a product of it 1 or 2 stars: call them, then reply to the review or hide it (Reviews). Open Reviews',
    );
    expect(within(item).getByRole('link', { name: 'Open Reviews' }).getAttribute('href')).toBe(
      '/admin/reviews',
    );
  });
});
