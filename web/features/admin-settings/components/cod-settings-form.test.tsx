import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type CodSettings, codSettingsMessages } from '../../../../contracts/cod';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { CodSettingsForm } from './cod-settings-form';

// docs/product.md#cash-on-delivery: the owner's COD settings, in rupees on the form and paise in the API.

const settings: CodSettings = {
  enabled: false,
  feePaise: 4900,
  minOrderPaise: 0,
  maxOrderPaise: 500_000,
  rtoLimit: 1,
  confirmHours: 24,
  holdMinutes: 30,
  velocityOrders: 3,
  velocityHours: 24,
  updatedAt: null,
  updatedBy: null,
};

function renderForm(canEdit = true) {
  const { wrapper } = createQueryWrapper();
  return render(<CodSettingsForm settings={settings} canEdit={canEdit} />, { wrapper });
}

describe('the COD settings form', () => {
  it('saves COD on with the fee and limits in paise', async () => {
    const saved = { ...settings, enabled: true, feePaise: 3950, maxOrderPaise: 300_000 };
    const api = fakeApi({
      'PUT /api/admin/cod-settings': { message: codSettingsMessages.saved, settings: saved },
    });
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByLabelText('Offer cash on delivery'));
    await user.clear(screen.getByLabelText('COD fee (₹, GST included)'));
    await user.type(screen.getByLabelText('COD fee (₹, GST included)'), '39.50');
    await user.clear(screen.getByLabelText('Maximum order value (₹)'));
    await user.type(screen.getByLabelText('Maximum order value (₹)'), '3000');
    const hold = screen.getByLabelText('Minutes an unconfirmed order holds its items (5 to 240)');
    await user.clear(hold);
    await user.type(hold, '20');
    await user.click(screen.getByRole('button', { name: 'Save cash on delivery' }));
    await waitFor(() => expect(screen.getByText(codSettingsMessages.saved)).toBeTruthy());
    expect(api.callsTo('PUT /api/admin/cod-settings').map((call) => call.body)).toEqual([
      {
        enabled: true,
        feePaise: 3950,
        minOrderPaise: 0,
        maxOrderPaise: 300_000,
        rtoLimit: 1,
        confirmHours: 24,
        holdMinutes: 20,
        velocityOrders: 3,
        velocityHours: 24,
      },
    ]);
  });

  it('refuses a hold outside 5 to 240 minutes and an alert count of 0 beside their fields, sending nothing', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderForm();
    const hold = screen.getByLabelText('Minutes an unconfirmed order holds its items (5 to 240)');
    await user.clear(hold);
    await user.type(hold, '1440');
    const orders = screen.getByLabelText(
      'COD orders one shopper or mobile may place before you are alerted (1 to 50)',
    );
    await user.clear(orders);
    await user.type(orders, '0');
    await user.click(screen.getByRole('button', { name: 'Save cash on delivery' }));
    expect(screen.getAllByText(codSettingsMessages.holdMinutesRange).length).toBeGreaterThan(0);
    expect(hold.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(codSettingsMessages.velocityOrdersRange).length).toBeGreaterThan(0);
    expect(orders.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);
  });

  it('refuses a maximum below the minimum beside its field, sending nothing', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderForm();
    await user.clear(screen.getByLabelText('Minimum order value (₹)'));
    await user.type(screen.getByLabelText('Minimum order value (₹)'), '6000');
    await user.click(screen.getByRole('button', { name: 'Save cash on delivery' }));
    expect(screen.getAllByText(codSettingsMessages.maxBelowMin).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Maximum order value (₹)').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);
  });

  it('is read-only for support staff', () => {
    renderForm(false);
    expect(screen.queryByRole('button', { name: 'Save cash on delivery' })).toBeNull();
  });
});
