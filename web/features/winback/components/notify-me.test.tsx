import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { winbackMessages } from '../../../../contracts/winback-rules';
import { fakeApi, jsonReply } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { NotifyMe } from './notify-me';

// docs/product.md#notify-me: the product page's control for a product out of stock.

function renderControl(signedIn: boolean, onSignIn = () => {}) {
  const { wrapper } = createQueryWrapper();
  return render(<NotifyMe productId={7} signedIn={signedIn} onSignIn={onSignIn} />, { wrapper });
}

describe('Notify me', () => {
  it('asks a visitor to sign in, without asking the server', async () => {
    const api = fakeApi({});
    const onSignIn = vi.fn();
    const user = userEvent.setup();
    renderControl(false, onSignIn);
    expect(screen.getByText(winbackMessages.signInToNotify)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
    expect(api.calls).toEqual([]);
  });

  it('puts a shopper on the list by the chosen channel, then offers to cancel', async () => {
    const api = fakeApi({
      'GET /api/products/7/notify-me': { waiting: false, channel: null },
      'POST /api/products/7/notify-me': {
        waiting: true,
        channel: 'sms',
        message: winbackMessages.notifyAdded,
      },
      'DELETE /api/products/7/notify-me': {
        waiting: false,
        channel: null,
        message: winbackMessages.notifyCancelled,
      },
    });
    const user = userEvent.setup();
    renderControl(true);
    const button = await screen.findByRole('button', { name: 'Notify me' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await user.selectOptions(screen.getByLabelText('Tell me'), 'sms');
    await user.click(button);
    expect(await screen.findByText(winbackMessages.notifyAdded)).toBeTruthy();
    expect(api.callsTo('POST /api/products/7/notify-me').map((call) => call.body)).toEqual([
      { channel: 'sms' },
    ]);
    expect(screen.getByRole('button', { name: 'On the list' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(winbackMessages.notifyCancelled)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notify me' })).toBeTruthy();
  });

  it('says so when the shopper is on the list already', async () => {
    fakeApi({ 'GET /api/products/7/notify-me': { waiting: true, channel: 'email' } });
    renderControl(true);
    expect(await screen.findByText(winbackMessages.notifyAlready)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('shows the server’s refusal', async () => {
    fakeApi({
      'GET /api/products/7/notify-me': { waiting: false, channel: null },
      'POST /api/products/7/notify-me': () => jsonReply(422, { message: winbackMessages.notifyNoAddress }),
    });
    const user = userEvent.setup();
    renderControl(true);
    const button = await screen.findByRole('button', { name: 'Notify me' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await user.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(winbackMessages.notifyNoAddress);
  });
});
