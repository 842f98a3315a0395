import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WhatsAppConsent } from '../../../../contracts/whatsapp';
import { whatsappMessages } from '../../../../contracts/whatsapp-rules';
import { fakeApi, jsonReply } from '../../../test/fake-api';
import { WhatsAppUpdates } from './whatsapp-updates';

// docs/product.md#whatsapp-consent: the profile's box shows where the shopper stands and saves a change.

const marketingStopped: WhatsAppConsent['marketing'] = {
  status: 'stopped',
  message: whatsappMessages.marketingStopped,
  changedAt: '2026-03-01T10:00:00.000Z',
};
const stopped: WhatsAppConsent = {
  status: 'stopped',
  phone: null,
  message: whatsappMessages.stopped,
  changedAt: '2026-03-01T10:00:00.000Z',
  marketing: marketingStopped,
};
const optedIn: WhatsAppConsent = {
  status: 'opted_in',
  phone: '9812345678',
  message: whatsappMessages.optedIn('+91 9812345678'),
  changedAt: '2026-03-02T10:00:00.000Z',
  marketing: marketingStopped,
};

function renderBox() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WhatsAppUpdates />
    </QueryClientProvider>,
  );
}

describe('the profile WhatsApp box', () => {
  it('says the shopper stopped updates by STOP, and ticking it opts in again', async () => {
    const api = fakeApi({
      'GET /api/account/whatsapp': stopped,
      'PUT /api/account/whatsapp': optedIn,
    });
    renderBox();
    await screen.findByText(whatsappMessages.stopped);
    const box = screen.getByRole('checkbox', { name: whatsappMessages.checkoutLabel }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await userEvent.click(box);
    await screen.findByText(whatsappMessages.optedIn('+91 9812345678'));
    expect(box.checked).toBe(true);
    expect(api.callsTo('PUT /api/account/whatsapp').map((call) => call.body)).toEqual([{ optIn: true }]);
  });

  it('has a second box for reminders and offers, off until ticked, saved on its own', async () => {
    const never: WhatsAppConsent = {
      ...optedIn,
      marketing: { status: 'never', message: whatsappMessages.marketingOptedOut, changedAt: null },
    };
    const marketingIn: WhatsAppConsent = {
      ...optedIn,
      marketing: {
        status: 'opted_in',
        message: whatsappMessages.marketingOptedIn('+91 9812345678'),
        changedAt: '2026-03-03T10:00:00.000Z',
      },
    };
    const api = fakeApi({
      'GET /api/account/whatsapp': never,
      'PUT /api/account/whatsapp': marketingIn,
    });
    renderBox();
    await screen.findByText(whatsappMessages.marketingOptedOut);
    const box = screen.getByRole('checkbox', { name: whatsappMessages.marketingLabel }) as HTMLInputElement;
    const updates = screen.getByRole('checkbox', {
      name: whatsappMessages.checkoutLabel,
    }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(updates.checked).toBe(true);
    await userEvent.click(box);
    await screen.findByText(whatsappMessages.marketingOptedIn('+91 9812345678'));
    expect(box.checked).toBe(true);
    expect(updates.checked).toBe(true);
    expect(api.callsTo('PUT /api/account/whatsapp').map((call) => call.body)).toEqual([{ marketing: true }]);
  });

  it('says STOP stopped both, each under its own box', async () => {
    fakeApi({ 'GET /api/account/whatsapp': stopped });
    renderBox();
    await screen.findByText(whatsappMessages.marketingStopped);
    expect(screen.getByText(whatsappMessages.stopped)).toBeTruthy();
    const box = screen.getByRole('checkbox', { name: whatsappMessages.marketingLabel }) as HTMLInputElement;
    expect(box.checked).toBe(false);
  });

  it("shows the server's refusal", async () => {
    fakeApi({
      'GET /api/account/whatsapp': { ...stopped, status: 'never', message: whatsappMessages.optedOut },
      'PUT /api/account/whatsapp': () =>
        jsonReply(400, { status: 'error', message: whatsappMessages.noMobile }),
    });
    renderBox();
    await userEvent.click(await screen.findByRole('checkbox', { name: whatsappMessages.checkoutLabel }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(whatsappMessages.noMobile));
  });
});
