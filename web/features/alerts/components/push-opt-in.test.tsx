import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffAlertMessages } from '../../../../contracts/staff-alerts';
import { browserPushDevice, PushBlockedError, type PushDevice, type PushDeviceState } from '../push-device';
import { PushOptIn } from './push-opt-in';

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const PUBLIC_KEY = 'BIIHgkxs8sFtyYEotYZfNouqdFftJdl_Hp7i1_FwO9MLIODuZ9_tygLlu1MOoSxN0RXw_r98ojMlZcARr1ZfLVw';
const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
  keys: { p256dh: 'BPublicKeyOfTheBrowser', auth: 'authSecret' },
};

/** A device in `state`, whose subscribe answers what `subscribe` gives. */
function fakeDevice(state: PushDeviceState, subscribe: PushDevice['subscribe'] = async () => subscription) {
  return {
    state: vi.fn(async () => state),
    subscribe: vi.fn(subscribe),
    endpoint: vi.fn(async () => (state === 'on' ? subscription.endpoint : null)),
    unsubscribe: vi.fn(async () => {}),
  } satisfies PushDevice;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Notifications on this device', () => {
  it('says when the browser cannot show notifications, and offers no button', async () => {
    render(<PushOptIn publicKey={PUBLIC_KEY} device={fakeDevice('unsupported')} />);
    expect(await screen.findByText('This browser cannot show notifications from the console.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('treats a browser without service workers or push as unsupported', async () => {
    render(<PushOptIn publicKey={PUBLIC_KEY} device={browserPushDevice} />);
    expect(await screen.findByText('This browser cannot show notifications from the console.')).toBeTruthy();
  });

  it('says how to allow notifications when the site is blocked', async () => {
    render(<PushOptIn publicKey={PUBLIC_KEY} device={fakeDevice('blocked')} />);
    expect(
      await screen.findByText(
        'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says the shop has notifications off when it has no key', async () => {
    render(<PushOptIn publicKey={null} device={fakeDevice('off')} />);
    expect(
      await screen.findByText(
        'Browser notifications are not set up on this shop. Please ask whoever runs the server.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('turns notifications on: subscribes with the shop’s key and stores the subscription', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(
      reply(200, {
        status: 'success',
        message:
          'This device will now show a notification for each new order and each order that needs attention.',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const device = fakeDevice('off');
    render(<PushOptIn publicKey={PUBLIC_KEY} device={device} />);
    expect(await screen.findByText('Notifications are off for this device.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Notify me on this device' }));
    expect(await screen.findByRole('button', { name: 'Stop on this device' })).toBeTruthy();
    expect(screen.getByText('Notifications are on for this device.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'This device will now show a notification for each new order and each order that needs attention.',
    );
    expect(device.subscribe).toHaveBeenCalledWith(PUBLIC_KEY);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/alerts/push-subscriptions');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(subscription);
  });

  it('turns notifications off: forgets this device on the server, then in the browser', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        reply(200, { status: 'success', message: 'This device will no longer show notifications.' }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const device = fakeDevice('on');
    render(<PushOptIn publicKey={PUBLIC_KEY} device={device} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Stop on this device' }));
    expect(await screen.findByRole('button', { name: 'Notify me on this device' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('This device will no longer show notifications.');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/alerts/push-subscriptions');
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(String(init.body))).toEqual({ endpoint: subscription.endpoint });
    expect(device.unsubscribe).toHaveBeenCalledOnce();
  });

  it('shows how to unblock when the member says no to the browser’s question, and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const device = fakeDevice('off', async () => {
      throw new PushBlockedError();
    });
    render(<PushOptIn publicKey={PUBLIC_KEY} device={device} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me on this device' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stays off when the question is dismissed, and undoes the browser’s subscription the shop refused', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(
      reply(409, {
        message: 'Browser notifications are not set up on this shop. Please ask whoever runs the server.',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const dismissed = fakeDevice('off', async () => null);
    render(<PushOptIn publicKey={PUBLIC_KEY} device={dismissed} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me on this device' }));
    await waitFor(() => expect(dismissed.subscribe).toHaveBeenCalledOnce());
    expect(screen.getByRole('button', { name: 'Notify me on this device' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    cleanup();

    const refused = fakeDevice('off');
    render(<PushOptIn publicKey={PUBLIC_KEY} device={refused} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me on this device' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Browser notifications are not set up on this shop. Please ask whoever runs the server.',
    );
    expect(refused.unsubscribe).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Notify me on this device' })).toBeTruthy();
  });

  it('on a device another member turned on, says so and leaves the browser’s subscription to them', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValueOnce(reply(409, { message: staffAlertMessages.deviceOfAnother })),
    );
    const shared = fakeDevice('off');
    render(<PushOptIn publicKey={PUBLIC_KEY} device={shared} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me on this device' }));
    expect((await screen.findByRole('alert')).textContent).toBe(staffAlertMessages.deviceOfAnother);
    expect(shared.unsubscribe).not.toHaveBeenCalled();
  });
});
