import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { notifyMeMessages } from '../../../../contracts/notify-me-rules';
import { MemoryRouter } from '../../../lib/router';
import { setSessionUser } from '../../../lib/session';
import { fakeApi, jsonReply } from '../../../test/fake-api';
import { createQueryWrapper } from '../../../test/query-wrapper';
import { shopConfig } from '../../../test/render-shop';
import { aUser } from '../../../test/users';
import { NotifyMe } from './notify-me';

// docs/product.md#notify-me: the product page's control for a product out of stock.

function renderControl(signedIn: boolean) {
  setSessionUser(signedIn ? aUser() : null);
  const { wrapper } = createQueryWrapper();
  return render(
    <MemoryRouter initialEntries={['/product/7']}>
      <NotifyMe productId={7} />
    </MemoryRouter>,
    { wrapper },
  );
}

afterEach(() => setSessionUser(null));

describe('Notify me', () => {
  it('asks a visitor to sign in and come back, without asking the server', () => {
    const api = fakeApi({});
    renderControl(false);
    expect(screen.getByText(notifyMeMessages.signInToNotify)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Notify me' }).getAttribute('href')).toBe(
      '/login?returnTo=%2Fproduct%2F7',
    );
    expect(api.calls).toEqual([]);
  });

  it('offers WhatsApp as a channel while the shop has it, and sends that choice', async () => {
    const api = fakeApi({
      'GET /api/config': { ...shopConfig, whatsapp: true },
      'GET /api/products/7/notify-me': { waiting: false, channel: null },
      'POST /api/products/7/notify-me': {
        waiting: true,
        channel: 'whatsapp',
        message: notifyMeMessages.notifyAdded,
      },
    });
    const user = userEvent.setup();
    renderControl(true);
    const button = await screen.findByRole('button', { name: 'Notify me' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await user.selectOptions(screen.getByLabelText('Tell me'), 'whatsapp');
    await user.click(button);
    expect(await screen.findByText(notifyMeMessages.notifyAdded)).toBeTruthy();
    expect(api.callsTo('POST /api/products/7/notify-me').map((call) => call.body)).toEqual([
      { channel: 'whatsapp' },
    ]);
  });

  it('does not offer WhatsApp while the shop has none', async () => {
    fakeApi({
      'GET /api/config': { ...shopConfig, whatsapp: false },
      'GET /api/products/7/notify-me': { waiting: false, channel: null },
    });
    renderControl(true);
    await screen.findByRole('button', { name: 'Notify me' });
    await waitFor(() =>
      expect(
        [...(screen.getByLabelText('Tell me') as HTMLSelectElement).options].map((option) => option.value),
      ).toEqual(['email', 'sms']),
    );
  });

  it('puts a shopper on the list by the chosen channel, then offers to cancel', async () => {
    const api = fakeApi({
      'GET /api/products/7/notify-me': { waiting: false, channel: null },
      'POST /api/products/7/notify-me': {
        waiting: true,
        channel: 'sms',
        message: notifyMeMessages.notifyAdded,
      },
      'DELETE /api/products/7/notify-me': {
        waiting: false,
        channel: null,
        message: notifyMeMessages.notifyCancelled,
      },
    });
    const user = userEvent.setup();
    renderControl(true);
    const button = await screen.findByRole('button', { name: 'Notify me' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await user.selectOptions(screen.getByLabelText('Tell me'), 'sms');
    await user.click(button);
    expect(await screen.findByText(notifyMeMessages.notifyAdded)).toBeTruthy();
    expect(api.callsTo('POST /api/products/7/notify-me').map((call) => call.body)).toEqual([
      { channel: 'sms' },
    ]);
    expect(screen.getByRole('button', { name: 'On the list' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(notifyMeMessages.notifyCancelled)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notify me' })).toBeTruthy();
  });

  it('says so when the shopper is on the list already', async () => {
    fakeApi({ 'GET /api/products/7/notify-me': { waiting: true, channel: 'email' } });
    renderControl(true);
    expect(await screen.findByText(notifyMeMessages.notifyAlready)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('shows the server’s refusal', async () => {
    fakeApi({
      'GET /api/products/7/notify-me': { waiting: false, channel: null },
      'POST /api/products/7/notify-me': () => jsonReply(422, { message: notifyMeMessages.notifyNoAddress }),
    });
    const user = userEvent.setup();
    renderControl(true);
    const button = await screen.findByRole('button', { name: 'Notify me' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await user.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(notifyMeMessages.notifyNoAddress);
  });
});
