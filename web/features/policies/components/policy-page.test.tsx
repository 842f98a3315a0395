import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShop } from '../../../test/render-shop';

// Routes and dialogs load their code lazily, which takes a few seconds in happy-dom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// docs/product.md#screens: the four static policy pages; docs/product.md#policies: their 6-8 day rules and
// 'last updated Jul 9 2025'. Reaching them from the footer, scrolled to the top, is e2e/home.spec.ts.
const policyPages = [
  { path: '/terms-and-conditions', title: 'Terms and Conditions', rules: [] },
  { path: '/privacy-policy', title: 'Privacy Policy', rules: [] },
  {
    path: '/cancellation-refund',
    title: 'Cancellation and Refund Policy',
    rules: [
      'cancel an order within 6-8 days of ordering',
      'within 6-8 days of receipt',
      'Refunds take 6-8 days',
    ],
  },
  {
    path: '/shipping-delivery',
    title: 'Shipping and Delivery Policy',
    rules: ['shipped or handed to a courier within 6-8 days'],
  },
];

// The whole app renders in happy-dom: slow on a busy machine, never waiting on a clock.
describe('the policy pages', { timeout: 30_000 }, () => {
  it.each(policyPages)('$title renders with its last-updated date and its rules', async (policy) => {
    renderShop(policy.path);
    expect(await screen.findByRole('heading', { level: 1, name: policy.title })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Last updated Jul 9 2025')).toBeTruthy();
    expect(document.title).toBe(`${policy.title} · Ottoman Mittens`);
    expect(within(main).getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
    for (const rule of policy.rules) {
      expect(within(main).getAllByText(new RegExp(rule)).length).toBeGreaterThan(0);
    }
  });
});
