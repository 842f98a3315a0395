import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { winbackMessages } from '../../../../contracts/winback-rules';
import { fakeApi } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { ReminderSwitch } from './reminder-switch';

// docs/product.md#winback-consent: the profile's switch of checkout reminders.

describe('the checkout reminders switch', () => {
  it('shows reminders on, and turns them off and on again', async () => {
    const api = fakeApi({
      'GET /api/account/reminders': { optedOut: false },
      'PUT /api/account/reminders': (call) => {
        const optedOut = (call.body as { optedOut: boolean }).optedOut;
        return { optedOut, message: optedOut ? winbackMessages.optedOut : winbackMessages.optedIn };
      },
    });
    const { wrapper } = createQueryWrapper();
    const user = userEvent.setup();
    render(<ReminderSwitch />, { wrapper });
    const box = screen.getByLabelText<HTMLInputElement>('Checkout reminders');
    await waitFor(() => expect(box.checked).toBe(true));
    await user.click(box);
    expect(await screen.findByText(winbackMessages.optedOut)).toBeTruthy();
    expect(box.checked).toBe(false);
    await user.click(box);
    expect(await screen.findByText(winbackMessages.optedIn)).toBeTruthy();
    expect(box.checked).toBe(true);
    expect(api.callsTo('PUT /api/account/reminders').map((call) => call.body)).toEqual([
      { optedOut: true },
      { optedOut: false },
    ]);
  });

  it('shows an opted-out shopper’s reminders off', async () => {
    fakeApi({ 'GET /api/account/reminders': { optedOut: true } });
    const { wrapper } = createQueryWrapper();
    render(<ReminderSwitch />, { wrapper });
    const box = screen.getByLabelText<HTMLInputElement>('Checkout reminders');
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(box.checked).toBe(false);
  });
});
