import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SellerDetails, ShopDetails } from '../../../../contracts/public-config';
import { shopDetailsQueryOptions } from '../../../lib/get-shop-details';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { ContactSection } from './contact-section';

// docs/product.md#screens Home: the Contact section shows customer care and the seller's address from the owner's
// settings, the one source of every contact detail (docs/product.md#seller-and-grievance-officer).

const seller: SellerDetails = {
  legalName: 'Silk Route Textiles LLP',
  address: '4 Residency Road, Bengaluru 560025, Karnataka',
  email: 'care@ottoman.test',
  phone: '+91 80 4567 8901',
  grievanceOfficer: null,
};

function renderSection(details: ShopDetails) {
  const { queryClient, wrapper: Wrapper } = createQueryWrapper();
  queryClient.setQueryData(shopDetailsQueryOptions.queryKey, details);
  render(
    <Wrapper>
      <ContactSection />
    </Wrapper>,
  );
  return screen.getByRole('heading', { level: 2, name: 'Contact Us' }).closest('section') as HTMLElement;
}

describe('the Contact section', () => {
  it('shows customer care’s e-mail and phone and the address from the settings', () => {
    const section = renderSection({ seller, cashOnDelivery: null });
    expect(within(section).getByRole('link', { name: 'care@ottoman.test' }).getAttribute('href')).toBe(
      'mailto:care@ottoman.test',
    );
    expect(within(section).getByRole('link', { name: '+91 80 4567 8901' }).getAttribute('href')).toBe(
      'tel:+918045678901',
    );
    expect(within(section).getByText(seller.address)).toBeTruthy();
    expect(section.textContent).not.toMatch(/ottomanmittens|98100|Hauz Khas/);
  });

  it('leaves out what the owner has not filled in', () => {
    const section = renderSection({
      seller: { ...seller, email: '', address: '' },
      cashOnDelivery: null,
    });
    const details = section.querySelector('dl') as HTMLElement;
    expect([...details.querySelectorAll('dt')].map((term) => term.textContent)).toEqual(['Phone']);
    expect(within(details).getByRole('link', { name: '+91 80 4567 8901' })).toBeTruthy();
  });
});
