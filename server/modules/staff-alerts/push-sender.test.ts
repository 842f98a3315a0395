import { Agent } from 'node:https';
import { afterEach, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { webPushSender } from './push-sender';

// The real sender's reading of the push service's answers; the library's request itself is not sent.

const keys = async () => ({
  publicKey: 'BIIHgkxs8sFtyYEotYZfNouqdFftJdl_Hp7i1_FwO9MLIODuZ9_tygLlu1MOoSxN0RXw_r98ojMlZcARr1ZfLVw',
  privateKey: '-iRIaSv5simX9KIWleITffqpl7FXMdWk9a68GuXqkNs',
  subject: 'mailto:owner@example.in',
});
const target = { endpoint: 'https://fcm.googleapis.com/fcm/send/1', keys: { p256dh: 'key', auth: 'auth' } };
const payload = { title: 'New order OM-1', body: 'Face Mitt', url: '/admin/orders/1', tag: 'order-1' };

function answered(statusCode: number) {
  return new webpush.WebPushError('push service said no', statusCode, {}, '', target.endpoint);
}

afterEach(() => vi.restoreAllMocks());

describe('webPushSender', () => {
  it('signs with the VAPID keys, for a day, urgently, with the payload as JSON', async () => {
    const send = vi
      .spyOn(webpush, 'sendNotification')
      .mockResolvedValue({ statusCode: 201, body: '', headers: {} });
    expect(await webPushSender(keys)(target, payload)).toBe('sent');
    expect(send).toHaveBeenCalledWith(target, JSON.stringify(payload), {
      vapidDetails: await keys(),
      TTL: 86_400,
      urgency: 'high',
      timeout: 10_000,
      agent: expect.any(Agent),
    });
  });

  it('never sends to an endpoint that is no push service’s: the subscription is gone', async () => {
    const send = vi.spyOn(webpush, 'sendNotification');
    for (const endpoint of [
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest',
      'http://fcm.googleapis.com/x',
    ]) {
      expect(await webPushSender(keys)({ ...target, endpoint }, payload)).toBe('gone');
    }
    expect(send).not.toHaveBeenCalled();
  });

  it.each([404, 410])('reads %i as a subscription that is gone', async (statusCode) => {
    vi.spyOn(webpush, 'sendNotification').mockRejectedValue(answered(statusCode));
    expect(await webPushSender(keys)(target, payload)).toBe('gone');
  });

  it.each([400, 429, 500])('throws on %i, so the job tries again', async (statusCode) => {
    vi.spyOn(webpush, 'sendNotification').mockRejectedValue(answered(statusCode));
    await expect(webPushSender(keys)(target, payload)).rejects.toThrow('push service said no');
  });
});
