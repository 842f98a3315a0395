import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShop } from '../../../test/render-shop';

// Routes and dialogs load their code lazily, which takes a few seconds in happy-dom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// docs/product.md#screens: the four static policy pages; docs/product.md#policies: their 6-8 day rules, each
// page's own last-updated date, and docs/product.md#reply-and-dispatch-times: the dispatch time from the owner's
// setting (3 days here) and the reply time. Reaching them from the footer, scrolled to the top, is e2e/home.spec.ts.
const policyPages = [
  {
    path: '/terms-and-conditions',
    title: 'Terms and Conditions',
    updated: '27 November 2026',
    rules: [
      'shipped or handed to a courier within three days of payment',
      'we reply within two working days',
    ],
  },
  { path: '/privacy-policy', title: 'Privacy Policy', updated: '23 November 2026', rules: [] },
  {
    path: '/cancellation-refund',
    title: 'Cancellation and Refund Policy',
    updated: '27 November 2026',
    rules: [
      'cancel an order within 6-8 days of ordering',
      'within 6-8 days of receipt',
      'Refunds take 6-8 days',
    ],
  },
  {
    path: '/shipping-delivery',
    title: 'Shipping and Delivery Policy',
    updated: '27 November 2026',
    rules: ['shipped or handed to a courier within three days of payment'],
  },
];

// The whole app renders in happy-dom: slow on a busy machine, never waiting on a clock.
describe('the policy pages', { timeout: 30_000 }, () => {
  it.each(policyPages)('$title renders with its last-updated date and its rules', async (policy) => {
    renderShop(policy.path, {
      api: {
        'GET /api/config': {
          google: { clientId: 'test-client.apps.googleusercontent.com', mode: 'simulator' },
          razorpay: { keyId: 'rzp_test_shop', checkoutScriptUrl: '/sim/razorpay/checkout.js' },
          dispatchDays: 3,
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: policy.title })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByText(`Last updated ${policy.updated}`)).toBeTruthy();
    expect(document.title).toBe(`${policy.title} · Ottoman Mittens`);
    expect(within(main).getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
    for (const rule of policy.rules) {
      expect(within(main).getAllByText(new RegExp(rule)).length).toBeGreaterThan(0);
    }
  });
});
