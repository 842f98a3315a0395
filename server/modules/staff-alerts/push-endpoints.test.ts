import type { LookupAddress } from 'node:dns';
import { request } from 'node:https';
import { describe, expect, it } from 'vitest';
import { staffAlertMessages } from '../../../contracts/staff-alerts';
import {
  checkPushEndpoint,
  isPublicAddress,
  isPushServiceEndpoint,
  pushServiceAgent,
} from './push-endpoints';

// docs/architecture.md#push-endpoints: which addresses the shop may push to, checked when a device subscribes
// and again on every connection.

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.8.8',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '192.0.2.1',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2001:db8::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['142.250.77.42', '8.8.8.8', '2607:f8b0:4004:800::200a', '::ffff:8.8.8.8'])(
    'takes %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('isPushServiceEndpoint', () => {
  it('takes the browsers’ push services over https', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-pn1p.notify.windows.com/w/?token=BQYAAA',
      'https://FCM.googleapis.com/fcm/send/abc',
    ]) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:444/fcm/send/abc',
      'https://a:b@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://evilnotify.windows.com/w/',
      'https://notify.windows.com.example/w/',
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://169.254.169.254/latest/meta-data/',
      'not a url',
    ]) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(false);
    }
  });
});

const answering =
  (...addresses: string[]) =>
  async (): Promise<LookupAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('checkPushEndpoint', () => {
  it('refuses a push service whose name resolves to a private address, even one of several', async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    await expect(checkPushEndpoint(endpoint, answering('142.250.77.42'))).resolves.toBeUndefined();
    await expect(checkPushEndpoint(endpoint, answering('142.250.77.42', '10.0.0.1'))).rejects.toThrow(
      staffAlertMessages.notAPushService,
    );
    await expect(checkPushEndpoint(endpoint, answering('::ffff:169.254.169.254'))).rejects.toThrow(
      staffAlertMessages.notAPushService,
    );
    // Unresolvable now: the send checks again, on its own lookup.
    await expect(
      checkPushEndpoint(endpoint, () => Promise.reject(new Error('ENOTFOUND'))),
    ).resolves.toBeUndefined();
  });
});

describe('the push connections', () => {
  it('never connect to a private address, whatever the name answers at send time (DNS rebinding)', async () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1', '::ffff:127.0.0.1']) {
      const agent = pushServiceAgent((_host, _options, callback) =>
        callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]),
      );
      const failure = await new Promise<NodeJS.ErrnoException>((resolve) => {
        const sent = request('https://fcm.googleapis.com/fcm/send/abc', { method: 'POST', agent }, () =>
          resolve(new Error('connected')),
        );
        sent.on('error', resolve);
        sent.end();
      });
      agent.destroy();
      expect(failure.code, address).toBe('ENOTPUBLIC');
    }
  });
});
