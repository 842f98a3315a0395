import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderShop } from '../test/render-shop';
import { keepCampaignCoupon, readPendingCoupon } from './pending-coupon';

// docs/product.md#campaign-links: `?coupon=CODE` on any page is kept for the checkout and leaves the address.

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('a campaign link', () => {
  it('keeps the code upper-case and takes it out of the address, the rest of it untouched', () => {
    window.history.replaceState({ key: 'entry' }, '', '/product/3?coupon=welcome10&ref=ig#reviews');
    keepCampaignCoupon();
    expect(readPendingCoupon()).toBe('WELCOME10');
    expect(window.localStorage.getItem('pendingCoupon')).toBe('"WELCOME10"');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/product/3?ref=ig#reviews',
    );
    expect(window.history.state).toEqual({ key: 'entry' });
  });

  it('keeps nothing that cannot be a code, and leaves an address without one alone', () => {
    window.history.replaceState(null, '', '/?coupon=%3Cscript%3E');
    keepCampaignCoupon();
    expect(readPendingCoupon()).toBeNull();
    expect(window.location.search).toBe('');

    window.history.replaceState(null, '', '/?q=black');
    keepCampaignCoupon();
    expect(window.location.search).toBe('?q=black');
    expect(readPendingCoupon()).toBeNull();
  });

  it('shows the kept code on the home page; without one there is no banner', async () => {
    window.localStorage.setItem('pendingCoupon', JSON.stringify('WELCOME10'));
    const first = renderShop('/');
    expect((await screen.findByText('WELCOME10')).closest('p')?.textContent).toBe(
      'Code WELCOME10 will be applied at checkout',
    );
    first.unmount();

    window.localStorage.clear();
    renderShop('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/will be applied at checkout/)).toBeNull();
  });
});
