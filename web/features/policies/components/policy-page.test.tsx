import { cleanup, configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CashOnDeliveryTerms, SellerDetails } from '../../../../contracts/public-config';
import { noSellerDetails, renderShop } from '../../../test/render-shop';

// Routes and dialogs load their code lazily, which takes a few seconds in happy-dom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// docs/product.md#screens: the four static policy pages; docs/product.md#policies: their rules, each page's own
// last-updated date, and docs/product.md#reply-and-dispatch-times: the dispatch time from the owner's setting (3
// days here), the return window (10) and the reply time. Reaching them from the footer, scrolled to the top, is
// e2e/home.spec.ts.
const policyPages = [
  {
    path: '/terms-and-conditions',
    title: 'Terms and Conditions',
    updated: '7 December 2026',
    rules: [
      'shipped or handed to a courier within three days of payment',
      'we reply within two working days',
      'cancel an order until the courier picks it up',
      'within 10 days of delivery',
      'Approved refunds of online payments take 6-8 days',
    ],
  },
  { path: '/privacy-policy', title: 'Privacy Policy', updated: '7 December 2026', rules: [] },
  {
    path: '/cancellation-refund',
    title: 'Cancellation and Refund Policy',
    updated: '7 December 2026',
    rules: [
      'cancel an order until the courier picks up the parcel',
      'please tell us within 10 days of delivery',
      'Refunds take 6-8 days',
      'An order paid cash on delivery cannot be refunded to a card',
      // docs/product.md#returns: the owner's return window, from GET /api/config.
      'Returns within 10 days',
      'within 10 days of delivery',
    ],
  },
  {
    path: '/shipping-delivery',
    title: 'Shipping and Delivery Policy',
    updated: '7 December 2026',
    rules: ['shipped or handed to a courier within three days of payment', 'within 10 days of delivery'],
  },
];

/** docs/product.md#policies: no page promises a deadline the settings do not make. */
const retiredDeadlines = /6-8 days of (ordering|receipt)/;

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
          cashOnDelivery: null,
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
    expect(main.textContent).not.toMatch(retiredDeadlines);
    // Before the owner gives customer care's details, the pages point to the contact form.
    expect(main.textContent).not.toMatch(/@|\+91/);
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

  function renderWithSeller(
    path: string,
    details: SellerDetails,
    cashOnDelivery: CashOnDeliveryTerms = null,
    returnWindowDays = 7,
  ) {
    return renderShop(path, {
      api: {
        'GET /api/config': {
          google: { clientId: 'test-client.apps.googleusercontent.com', mode: 'simulator' },
          razorpay: { keyId: 'rzp_test_shop', checkoutScriptUrl: '/sim/razorpay/checkout.js' },
          dispatchDays: 2,
          returnWindowDays,
          seller: details,
          cashOnDelivery,
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

  // docs/product.md#policies: every contact detail a page shows is the owner's, and every way to pay and be refunded
  // is described with the settings' numbers. Settings unlike any default: a seller in Bengaluru, COD on at ₹39.
  const ownSeller: SellerDetails = {
    legalName: 'Silk Route Textiles LLP',
    address: '4 Residency Road, Bengaluru 560025, Karnataka',
    email: 'care@ottoman.test',
    phone: '+91 80 4567 8901',
    grievanceOfficer: {
      name: 'Meena Pillai',
      designation: 'Grievance Officer',
      email: 'grievance@ottoman.test',
      phone: '+91 98450 12345',
    },
  };
  const ownEmails = ['care@ottoman.test', 'grievance@ottoman.test'];
  const ownPhones = ['918045678901', '919845012345'];
  const digitsOf = (text: string) => text.replace(/\D/g, '');

  /** Every e-mail address and phone number on the page, in its text and its links. */
  function contactDetailsIn(element: HTMLElement) {
    const links = [...element.querySelectorAll('a')].map((link) => link.getAttribute('href') ?? '');
    // Text node by text node: textContent would run a label into the address after it.
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const texts: string[] = [];
    while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
    const text = `${texts.join(' ')} ${links.join(' ')}`;
    return {
      emails: [...text.matchAll(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g)].map((match) => match[0]),
      phones: [...text.matchAll(/\+?\d[\d -]{7,}\d/g)].map((match) => digitsOf(match[0])),
    };
  }

  it.each(policyPages)('$title and the footer show only the settings’ contact details', async (policy) => {
    renderWithSeller(policy.path, ownSeller, { feePaise: 3900, confirmHours: 12 }, 10);
    expect(await screen.findByRole('heading', { level: 1, name: policy.title })).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    await within(footer).findByText(`Sold by ${ownSeller.legalName}, ${ownSeller.address}`);
    const found = contactDetailsIn(document.body);
    expect(found.emails.length).toBeGreaterThan(0);
    for (const email of found.emails) expect(ownEmails).toContain(email.replace(/^mailto:/, ''));
    for (const phone of found.phones) expect(ownPhones).toContain(phone.length === 10 ? `91${phone}` : phone);
    expect(document.body.textContent).not.toMatch(/Hauz Khas|New Delhi|ottomanmittens/);
    expect(document.body.textContent).not.toMatch(retiredDeadlines);
    // The footer names every way to pay, cash on delivery with its fee.
    expect(footer.textContent).toContain(
      'We accept UPI, Visa and Mastercard, and cash on delivery (₹39 fee).',
    );
  });

  it('describes cash on delivery with its fee and hours while the shop offers it, and not otherwise', async () => {
    renderWithSeller('/terms-and-conditions', ownSeller, { feePaise: 3900, confirmHours: 12 }, 10);
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByText(
        'Cash on delivery, where checkout offers it: a fee of ₹39 is added to the order, and you pay the courier in cash when the parcel arrives. An order not confirmed within 12 hours is cancelled.',
      ),
    ).toBeTruthy();
    expect(
      within(main).getByText(/You can reach us at care@ottoman\.test or on \+91 80 4567 8901;/),
    ).toBeTruthy();
    expect(
      within(main).getByText(
        'The seller is Silk Route Textiles LLP, 4 Residency Road, Bengaluru 560025, Karnataka.',
      ),
    ).toBeTruthy();
    cleanup();

    renderWithSeller('/terms-and-conditions', ownSeller);
    const withoutCod = await screen.findByRole('main');
    await within(withoutCod).findByText('Online payments are processed securely by Razorpay. We accept:');
    expect(withoutCod.textContent).not.toContain('Cash on delivery, where checkout offers it');
    expect(screen.getByRole('contentinfo').textContent).toContain('We accept UPI, Visa and Mastercard.');
  });
});
