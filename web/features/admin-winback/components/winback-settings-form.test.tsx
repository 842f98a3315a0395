import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WINBACK_SETTINGS, winbackMessages } from '../../../../contracts/winback';
import { fakeApi, jsonReply } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { WinbackSettingsForm } from './winback-settings-form';

// docs/product.md#winback-settings: the owner's checkout reminder settings.

const settings = { ...DEFAULT_WINBACK_SETTINGS, updatedAt: null, updatedBy: null };

function renderForm(canEdit = true) {
  const { wrapper } = createQueryWrapper();
  return render(<WinbackSettingsForm settings={settings} canEdit={canEdit} />, { wrapper });
}

describe('the checkout reminder settings form', () => {
  it('saves the delays in minutes and the second reminder’s code', async () => {
    const saved = { ...settings, firstDelayMinutes: 90, secondReminderCode: 'COMEBACK10' };
    const api = fakeApi({
      'PUT /api/admin/winback/settings': { message: winbackMessages.settingsSaved, settings: saved },
    });
    const user = userEvent.setup();
    renderForm();
    const first = screen.getByLabelText('First reminder, minutes after the checkout (30 to 720)');
    await user.clear(first);
    await user.type(first, '90');
    await user.type(screen.getByLabelText('Discount code in the second reminder (optional)'), 'COMEBACK10');
    await user.click(screen.getByRole('button', { name: 'Save reminder settings' }));
    await waitFor(() => expect(screen.getByText(winbackMessages.settingsSaved)).toBeTruthy());
    expect(api.callsTo('PUT /api/admin/winback/settings').map((call) => call.body)).toEqual([
      { enabled: true, firstDelayMinutes: 90, secondDelayMinutes: 1380, secondReminderCode: 'COMEBACK10' },
    ]);
  });

  it('refuses a second reminder too close to the first beside its field, without asking the server', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderForm();
    const second = screen.getByLabelText('Second reminder, minutes after the checkout (1380 is 23 hours)');
    await user.clear(second);
    await user.type(second, '100');
    await user.click(screen.getByRole('button', { name: 'Save reminder settings' }));
    await waitFor(() => expect(second.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(winbackMessages.secondDelayRange).length).toBeGreaterThan(0);
    expect(api.calls).toEqual([]);
  });

  it('shows the server’s refusal of an unknown code', async () => {
    fakeApi({
      'PUT /api/admin/winback/settings': () => jsonReply(400, { message: winbackMessages.codeUnknown }),
    });
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Discount code in the second reminder (optional)'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Save reminder settings' }));
    await waitFor(() => expect(screen.getByText(winbackMessages.codeUnknown)).toBeTruthy());
  });

  it('is read-only for support staff', () => {
    fakeApi({});
    renderForm(false);
    expect(screen.queryByRole('button', { name: 'Save reminder settings' })).toBeNull();
  });
});
