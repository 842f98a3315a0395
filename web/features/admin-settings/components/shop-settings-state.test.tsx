import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ShopSettings } from '../../../../contracts/shop-settings';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { ShopSettingsForm } from './shop-settings-form';

const settings: ShopSettings = {
  legalName: 'Ottoman Mittens Private Limited',
  addressLine1: '12 MG Road',
  addressLine2: '',
  city: 'Bengaluru',
  pincode: '560001',
  stateCode: '29',
  gstin: '29AAGCB7383J1Z4',
  invoicePrefix: 'OM',
  creditNotePrefix: 'OMCN',
  signatureLine: 'Authorised signatory',
  dispatchDays: 3,
  updatedAt: '2026-11-23T10:00:00.000Z',
  updatedBy: null,
};

// docs/product.md#seller-settings: the state of a GSTIN's seller is the one its first two digits name.
describe("the settings form's state", () => {
  it('is marked invalid with the GSTIN’s state named when it differs from the GSTIN’s first two digits', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    const { wrapper } = createQueryWrapper();
    render(<ShopSettingsForm settings={settings} canEdit />, { wrapper });

    await user.selectOptions(screen.getByLabelText('State'), '07');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    const state = screen.getByLabelText('State');
    expect(state.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(state.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The state must match the GSTIN’s first two digits (29 is Karnataka).',
    );
    expect(screen.getByLabelText('GSTIN').getAttribute('aria-invalid')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
