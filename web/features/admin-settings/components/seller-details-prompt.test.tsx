import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShopSettings } from '../../../../contracts/shop-settings';
import { MemoryRouter } from '../../../lib/router';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { SellerDetailsCard } from './seller-details-prompt';

// docs/operations.md#seller-details: a fresh shop's settings are empty, and the dashboard says what the law asks
// for that is still missing, with the way to the Settings page.
const fresh: ShopSettings = {
  legalName: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  pincode: '',
  stateCode: '',
  gstin: '',
  invoicePrefix: 'INV',
  creditNotePrefix: 'CN',
  signatureLine: 'Authorised signatory',
  dispatchDays: 2,
  careEmail: '',
  carePhone: '',
  grievanceOfficerName: '',
  grievanceOfficerDesignation: '',
  grievanceOfficerEmail: '',
  grievanceOfficerPhone: '',
  updatedAt: '2026-11-23T10:00:00.000Z',
  updatedBy: null,
};

describe("the dashboard's seller-details card", () => {
  it('lists everything missing on a fresh shop and links to the settings', async () => {
    fakeApi({ 'GET /api/admin/settings': { settings: fresh } });
    const { wrapper: Query } = createQueryWrapper();
    render(
      <Query>
        <MemoryRouter initialEntries={['/admin']}>
          <SellerDetailsCard />
        </MemoryRouter>
      </Query>,
    );
    const card = await screen.findByRole('region', { name: 'Fill in your seller details' });
    expect(card.textContent).toContain(
      'Still missing: the seller’s legal name, address and GSTIN, customer care’s e-mail, customer care’s phone and the grievance officer.',
    );
    expect(within(card).getByRole('link', { name: 'Open the settings' }).getAttribute('href')).toBe(
      '/admin/settings',
    );
  });
});
