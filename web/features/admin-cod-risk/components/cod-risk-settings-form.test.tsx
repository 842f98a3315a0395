import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type CodRiskSettings, codRiskSettingsMessages } from '../../../../contracts/cod-risk';
import { fakeApi, jsonReply } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { CodRiskSettingsForm } from './cod-risk-settings-form';

// docs/product.md#cod-risk-rules: the owner's COD risk rules, rupees on the form and paise in the API.

const settings: CodRiskSettings = {
  firstOrderLimitEnabled: true,
  firstOrderLimitPaise: 150_000,
  pincodeRtoEnabled: true,
  pincodeRtoWindow: 20,
  pincodeRtoMinSample: 10,
  pincodeRtoThresholdPercent: 40,
  advanceFor: 'risky',
  advanceKind: 'fixed',
  advanceFixedPaise: 9_900,
  updatedAt: null,
  updatedBy: null,
};

const LIMIT = 'First-order COD limit (₹; a shopper with no delivered order pays online above it)';
const WINDOW = 'Last COD orders looked at per pincode (5 to 100)';
const SAMPLE = 'Fewest of those orders before the rule applies';
const RATE = 'RTO rate at which COD is refused (%, 1 to 100)';
const SAVE = 'Save COD risk rules';
const ADVANCE_FOR = 'Advance paid by UPI at PLACE ORDER (confirms the order instead of the OTP)';
const ADVANCE = 'Fixed advance (₹1 to ₹1000)';

function renderForm(canEdit = true) {
  const { wrapper } = createQueryWrapper();
  return render(<CodRiskSettingsForm settings={settings} canEdit={canEdit} />, { wrapper });
}

describe('the COD risk rules form', () => {
  it('saves the first-order limit in paise and the pincode rule switched off', async () => {
    const saved = { ...settings, firstOrderLimitPaise: 99_950, pincodeRtoEnabled: false };
    const api = fakeApi({
      'PUT /api/admin/cod-risk-settings': { message: codRiskSettingsMessages.saved, settings: saved },
    });
    const user = userEvent.setup();
    renderForm();
    await user.clear(screen.getByLabelText(LIMIT));
    await user.type(screen.getByLabelText(LIMIT), '999.50');
    await user.click(screen.getByLabelText('Refuse COD at pincodes with many returns to origin'));
    await user.click(screen.getByRole('button', { name: SAVE }));
    await waitFor(() => expect(screen.getByText(codRiskSettingsMessages.saved)).toBeTruthy());
    expect(api.callsTo('PUT /api/admin/cod-risk-settings').map((call) => call.body)).toEqual([
      {
        firstOrderLimitEnabled: true,
        firstOrderLimitPaise: 99_950,
        pincodeRtoEnabled: false,
        pincodeRtoWindow: 20,
        pincodeRtoMinSample: 10,
        pincodeRtoThresholdPercent: 40,
        advanceFor: 'risky',
        advanceKind: 'fixed',
        advanceFixedPaise: 9_900,
      },
    ]);
  });

  it('saves an advance of ₹149 asked of every COD order (docs/product.md#part-paid-cod)', async () => {
    const api = fakeApi({
      'PUT /api/admin/cod-risk-settings': { message: codRiskSettingsMessages.saved, settings },
    });
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText(ADVANCE_FOR), 'all');
    await user.clear(screen.getByLabelText(ADVANCE));
    await user.type(screen.getByLabelText(ADVANCE), '149');
    await user.click(screen.getByRole('button', { name: SAVE }));
    await waitFor(() => expect(screen.getByText(codRiskSettingsMessages.saved)).toBeTruthy());
    expect(api.callsTo('PUT /api/admin/cod-risk-settings')[0]?.body).toMatchObject({
      advanceFor: 'all',
      advanceKind: 'fixed',
      advanceFixedPaise: 14_900,
    });
  });

  it('refuses an advance under ₹1 beside its field', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderForm();
    await user.clear(screen.getByLabelText(ADVANCE));
    await user.type(screen.getByLabelText(ADVANCE), '0.5');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(screen.getAllByText(codRiskSettingsMessages.advanceRange).length).toBeGreaterThan(0);
    expect(api.calls).toEqual([]);
  });

  it('refuses a sample above the window and a rate of 0 beside their fields, sending nothing', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderForm();
    await user.clear(screen.getByLabelText(SAMPLE));
    await user.type(screen.getByLabelText(SAMPLE), '25');
    await user.clear(screen.getByLabelText(RATE));
    await user.type(screen.getByLabelText(RATE), '0');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(screen.getAllByText(codRiskSettingsMessages.minSampleRange).length).toBeGreaterThan(0);
    expect(screen.getByLabelText(SAMPLE).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(codRiskSettingsMessages.thresholdRange).length).toBeGreaterThan(0);
    expect(screen.getByLabelText(RATE).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(WINDOW).getAttribute('aria-invalid')).not.toBe('true');
    expect(api.calls).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    fakeApi({
      'PUT /api/admin/cod-risk-settings': () =>
        jsonReply(400, { status: 'error', message: codRiskSettingsMessages.windowRange }),
    });
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: SAVE }));
    await waitFor(() => expect(screen.getByText(codRiskSettingsMessages.windowRange)).toBeTruthy());
  });

  it('is read-only for support staff', () => {
    renderForm(false);
    expect(screen.queryByRole('button', { name: SAVE })).toBeNull();
  });
});
