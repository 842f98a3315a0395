import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gstinMessages } from '../../../../contracts/gstin';
import { type ShopSettings, shopSettingsMessages } from '../../../../contracts/shop-settings';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { ShopSettingsForm } from './shop-settings-form';

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const settings: ShopSettings = {
  legalName: 'Ottoman Mittens Private Limited',
  addressLine1: '12 MG Road',
  addressLine2: '',
  city: 'Bengaluru',
  pincode: '560001',
  stateCode: '29',
  gstin: '29AAGCB7383J1Z4',
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

function renderForm(canEdit = true) {
  const { wrapper } = createQueryWrapper();
  return render(<ShopSettingsForm settings={settings} canEdit={canEdit} />, { wrapper });
}

const sentBody = (fetchMock: ReturnType<typeof vi.fn>) =>
  JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the settings form', () => {
  it('says a change reaches only invoices issued afterwards, and an owner saves every field', async () => {
    const saved = { ...settings, city: 'Mysuru', dispatchDays: 3 };
    const fetchMock = vi
      .fn()
      .mockResolvedValue(reply(200, { message: shopSettingsMessages.saved, settings: saved }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();

    expect(screen.getByText(/affects only invoices and credit notes issued after you save/)).toBeTruthy();
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Mysuru');
    fireEvent.change(screen.getByLabelText('Dispatch time (days from payment to the courier, 0 to 30)'), {
      target: { value: '3' },
    });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect((await screen.findByText(shopSettingsMessages.saved)).getAttribute('role')).toBe('status');
    const { updatedAt: _at, updatedBy: _by, ...fields } = saved;
    expect(sentBody(fetchMock)).toEqual(fields);
  });

  it('shows why a value is refused beside its field before asking the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();

    const gstin = screen.getByLabelText('GSTIN');
    await user.clear(gstin);
    await user.type(gstin, '29AAGCB7383J1Z5');
    await user.selectOptions(screen.getByLabelText('State'), '07');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(gstin.getAttribute('aria-invalid')).toBe('true');
    const describedBy = gstin.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(gstinMessages.checkCharacter);
    expect(document.activeElement).toBe(gstin);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(gstin);
    await user.type(gstin, '29AAGCB7383J1Z4');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const state = screen.getByLabelText('State');
    expect(document.getElementById(state.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      shopSettingsMessages.stateMismatch('29', 'Karnataka'),
    );
  });

  it('shows the server’s message beside the field it names', async () => {
    const message = shopSettingsMessages.prefixFormat;
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(reply(400, { message, errors: [{ field: 'invoicePrefix', message }] })),
    );
    const user = userEvent.setup();
    renderForm();

    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    const prefix = screen.getByLabelText('Invoice number prefix (up to 4 letters, digits or -)');
    expect(prefix.getAttribute('aria-invalid')).toBe('true');
  });

  it('lets support staff read the settings but not change them', () => {
    renderForm(false);
    expect(screen.getByText('Only an owner can change the settings.')).toBeTruthy();
    expect(screen.getByLabelText('GSTIN').closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
  });

  // docs/product.md#seller-settings: the state of a GSTIN's seller is the one its first two digits name.
  it('marks the state invalid with the GSTIN’s state named when it differs from the GSTIN’s first two digits', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderForm();

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

  // docs/product.md#seller-and-grievance-officer
  it('asks for the seller details the law wants while any is missing, and saves them', async () => {
    const filled = {
      ...settings,
      careEmail: 'care@ottomanmittens.in',
      carePhone: '1800 123 4567',
      grievanceOfficerName: 'Priya Raman',
      grievanceOfficerDesignation: 'Head of Customer Care',
      grievanceOfficerEmail: 'grievance@ottomanmittens.in',
      grievanceOfficerPhone: '+91 80 2345 6789',
    };
    const api = fakeApi({
      'PUT /api/admin/settings': { message: shopSettingsMessages.saved, settings: filled },
    });
    const user = userEvent.setup();
    const { rerender } = renderForm();

    const prompt = screen.getByRole('region', { name: 'Fill in your seller details' });
    expect(prompt.textContent).toContain(
      'Still missing: customer care’s e-mail, customer care’s phone and the grievance officer.',
    );
    await user.type(screen.getByLabelText('Customer care e-mail'), 'care@ottomanmittens.in');
    await user.type(
      screen.getByLabelText('Customer care phone (mobile, landline with STD code, or toll-free)'),
      '1800-123-4567',
    );
    await user.type(screen.getByLabelText('Grievance officer’s name'), 'Priya Raman');
    await user.type(screen.getByLabelText('Grievance officer’s designation'), 'Head of Customer Care');
    await user.type(screen.getByLabelText('Grievance officer’s e-mail'), 'grievance@ottomanmittens.in');
    await user.type(screen.getByLabelText('Grievance officer’s phone'), '080 2345 6789');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(shopSettingsMessages.saved)).toBeTruthy();
    expect(api.callsTo('PUT /api/admin/settings')[0]?.body).toMatchObject({
      careEmail: 'care@ottomanmittens.in',
      carePhone: '1800 123 4567',
      grievanceOfficerPhone: '+91 80 2345 6789',
    });
    rerender(<ShopSettingsForm settings={filled} canEdit />);
    expect(screen.queryByRole('region', { name: 'Fill in your seller details' })).toBeNull();
  });

  it('refuses a half-named grievance officer and a number that is not Indian, beside their fields', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByLabelText('Grievance officer’s name'), 'Priya Raman');
    await user.type(screen.getByLabelText('Grievance officer’s phone'), '+1 202 555 0100');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    const errorOf = (label: string) => {
      const control = screen.getByLabelText(label);
      return document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent;
    };
    expect(errorOf('Grievance officer’s designation')).toBe(shopSettingsMessages.officerDesignationRequired);
    expect(errorOf('Grievance officer’s e-mail')).toBe(shopSettingsMessages.officerEmailRequired);
    expect(errorOf('Grievance officer’s phone')).toBe(shopSettingsMessages.phoneFormat);
    expect(document.activeElement).toBe(screen.getByLabelText('Grievance officer’s designation'));
    expect(api.calls).toEqual([]);
  });
});
