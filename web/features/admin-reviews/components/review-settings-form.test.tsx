import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ReviewSettings, reviewMessages } from '../../../../contracts/reviews';
import { fakeApi, jsonReply } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { ReviewSettingsForm } from './review-settings-form';

// docs/product.md#review-settings: publish at once or hold for approval, and the review request's days.

const settings: ReviewSettings & { updatedAt: null; updatedBy: null } = {
  autoPublish: true,
  requestDelayDays: 5,
  updatedAt: null,
  updatedBy: null,
};

const AUTO = 'Publish new reviews at once (untick to hold each for your approval)';
const DAYS = 'Days after delivery to ask for a review (1 to 60)';
const SAVE = 'Save review settings';
const ROUTE = 'PUT /api/admin/review-settings';

function renderForm(canEdit = true) {
  const { wrapper } = createQueryWrapper();
  return render(<ReviewSettingsForm settings={settings} canEdit={canEdit} />, { wrapper });
}

describe('the review settings form', () => {
  it('holds reviews for approval and asks 7 days after delivery', async () => {
    const saved = { ...settings, autoPublish: false, requestDelayDays: 7 };
    const api = fakeApi({ [ROUTE]: { message: reviewMessages.settingsSaved, settings: saved } });
    const user = userEvent.setup();
    renderForm();
    expect((screen.getByLabelText(AUTO) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(DAYS) as HTMLInputElement).value).toBe('5');
    await user.click(screen.getByLabelText(AUTO));
    await user.clear(screen.getByLabelText(DAYS));
    await user.type(screen.getByLabelText(DAYS), '7');
    await user.click(screen.getByRole('button', { name: SAVE }));
    await waitFor(() =>
      expect(screen.getByText(reviewMessages.settingsSaved).textContent).toBe('Review settings saved.'),
    );
    expect(api.callsTo(ROUTE).map((call) => call.body)).toEqual([
      { autoPublish: false, requestDelayDays: 7 },
    ]);
    expect((screen.getByLabelText(AUTO) as HTMLInputElement).checked).toBe(false);
  });

  it('refuses 0 or a blank number of days with the rule’s words, without a call', async () => {
    const api = fakeApi({ [ROUTE]: { message: reviewMessages.settingsSaved, settings } });
    const user = userEvent.setup();
    renderForm();
    for (const entry of ['0', '']) {
      await user.clear(screen.getByLabelText(DAYS));
      if (entry) await user.type(screen.getByLabelText(DAYS), entry);
      await user.click(screen.getByRole('button', { name: SAVE }));
      await waitFor(() => expect(screen.getByLabelText(DAYS).getAttribute('aria-invalid')).toBe('true'));
      expect(screen.getAllByText(reviewMessages.delayRange).length).toBeGreaterThan(0);
    }
    expect(api.callsTo(ROUTE)).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    fakeApi({ [ROUTE]: jsonReply(403, { message: 'Only an owner can do this.' }) });
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only an owner can do this.');
  });

  it('support reads the settings without a save', () => {
    fakeApi({});
    renderForm(false);
    expect((screen.getByRole('group', { name: 'Reviews' }) as HTMLFieldSetElement).disabled).toBe(true);
    expect((screen.getByLabelText(DAYS) as HTMLInputElement).value).toBe('5');
    expect(screen.queryByRole('button', { name: SAVE })).toBeNull();
  });
});
