import { describe, expect, it } from 'vitest';
import { createWebhookSender, WEBHOOK_LOG_LIMIT } from './razorpay/webhooks';
import { recentList } from './recent';

describe('recentList', () => {
  it('keeps the newest items, oldest first, and never holds more than twice its limit', () => {
    const list = recentList<number>(3);
    for (let item = 1; item <= 100; item++) {
      list.push(item);
      expect(list.all().length).toBeLessThanOrEqual(3);
    }
    expect(list.all()).toEqual([98, 99, 100]);
    list.clear();
    expect(list.all()).toEqual([]);
  });
});

describe("the Razorpay simulator's log of webhooks sent", () => {
  it('stays bounded however many events a long run sends', async () => {
    const sender = createWebhookSender({
      webhookSecret: 'secret',
      accountId: 'acc_test',
      post: async () => 200,
      retry: { attempts: 1, initialDelayMs: 1 },
    });
    const events = WEBHOOK_LOG_LIMIT * 3;
    for (let index = 0; index < events; index++) sender.emit('order.paid', {});
    await sender.controls.settled();
    const sent = sender.controls.sent();
    expect(sent).toHaveLength(WEBHOOK_LOG_LIMIT);
    expect(sent.every((delivery) => delivery.outcome === 'delivered')).toBe(true);
  });
});
