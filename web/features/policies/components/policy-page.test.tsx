import { cleanup, configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SellerDetails } from '../../../../contracts/public-config';
import { noSellerDetails, renderShop } from '../../../test/render-shop';

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
      // docs/product.md#returns: the owner's return window, from GET /api/config.
      'Returns within 10 days',
      'within 10 days of delivery',
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
          returnWindowDays: 10,
          seller: noSellerDetails,
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

  // docs/product.md#seller-and-grievance-officer: each policy page ends with the seller and the grievance officer,
  // and the footer of every page names the seller; what the owner has not filled in is left out.
  const seller: SellerDetails = {
    legalName: 'Ottoman Mittens Private Limited',
    address: '12 MG Road, Bengaluru 560001, Karnataka',
    email: 'care@ottomanmittens.in',
    phone: '1800 123 4567',
    grievanceOfficer: {
      name: 'Priya Raman',
      designation: 'Head of Customer Care',
      email: 'grievance@ottomanmittens.in',
      phone: '+91 80 2345 6789',
    },
  };

  function renderWithSeller(path: string, details: SellerDetails) {
    return renderShop(path, {
      api: {
        'GET /api/config': {
          google: { clientId: 'test-client.apps.googleusercontent.com', mode: 'simulator' },
          razorpay: { keyId: 'rzp_test_shop', checkoutScriptUrl: '/sim/razorpay/checkout.js' },
          dispatchDays: 2,
          seller: details,
        },
      },
    });
  }

  it('ends with the seller and the grievance officer, and how complaints are handled', async () => {
    renderWithSeller('/privacy-policy', seller);
    const section = (await screen.findByRole('heading', { level: 2, name: 'Seller and grievance officer' }))
      .parentElement as HTMLElement;
    expect(section.id).toBe('grievance-officer');
    expect(within(section).getByText('Ottoman Mittens Private Limited')).toBeTruthy();
    expect(within(section).getByText('12 MG Road, Bengaluru 560001, Karnataka')).toBeTruthy();
    expect(within(section).getByRole('link', { name: '1800 123 4567' }).getAttribute('href')).toBe(
      'tel:18001234567',
    );
    expect(within(section).getByText(/Priya Raman, Head of Customer Care/)).toBeTruthy();
    expect(
      within(section).getByRole('link', { name: 'grievance@ottomanmittens.in' }).getAttribute('href'),
    ).toBe('mailto:grievance@ottomanmittens.in');
    expect(within(section).getByRole('link', { name: '+91 80 2345 6789' }).getAttribute('href')).toBe(
      'tel:+918023456789',
    );
    expect(section.textContent).toContain(
      'We acknowledge every complaint within 48 hours and resolve it within one month of receiving it',
    );
    expect(within(section).getByRole('link', { name: 'contact form' }).getAttribute('href')).toBe(
      '/#contact',
    );
  });

  it('names the seller in the footer, linking to the grievance officer', async () => {
    renderWithSeller('/cart', seller);
    const footer = await screen.findByRole('contentinfo');
    expect(
      await within(footer).findByText(
        'Sold by Ottoman Mittens Private Limited, 12 MG Road, Bengaluru 560001, Karnataka',
      ),
    ).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'care@ottomanmittens.in' })).toBeTruthy();
    expect(
      within(footer).getByRole('link', { name: 'Grievance officer and complaints' }).getAttribute('href'),
    ).toBe('/terms-and-conditions#grievance-officer');
  });

  it('leaves out what is not filled in, and the whole block when nothing is', async () => {
    renderWithSeller('/shipping-delivery', { ...seller, email: '', grievanceOfficer: null });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Seller and grievance officer' }))
      .parentElement as HTMLElement;
    expect(within(section).queryByText('Grievance officer')).toBeNull();
    expect(within(section).queryByRole('link', { name: 'care@ottomanmittens.in' })).toBeNull();
    expect(section.textContent).toContain('To make a complaint, write to us or use the contact form');
    cleanup();

    renderWithSeller('/shipping-delivery', noSellerDetails);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shipping and Delivery Policy' }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Seller and grievance officer' })).toBeNull();
    expect(screen.getByRole('contentinfo').textContent).not.toContain('Sold by');
  });
});
