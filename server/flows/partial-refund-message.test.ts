import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail } from '../../contracts/admin-orders';
import { adminOrderMessages } from '../../contracts/admin-orders';
import { jobQueues } from '../job-queues';
import { fillSmsTemplate } from '../modules/notifications/sms-templates';
import { type OrderEmailJob, sendOrderEmail } from '../modules/orders/order-email';
import { orderNumberOf } from '../modules/orders/order-view';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import {
  newShopper,
  outboxOf,
  type PaidOrder,
  placePaidOrder,
  queuedJobs,
  razorpaySimulatorOf,
  sendQueuedOrderEmails,
} from '../test/order-helpers';
import { createStaffMember } from '../test/staff-factory';
import { paymentDeps } from './deps';
import { settleRefund } from './refunds';

// docs/product.md#order-messages: a part refunded from the console reaches the shopper, once per refund.

let app: TestApp;
let owner: { authorization: string };
let keys = 0;

beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
  owner = (await createStaffMember(app, { role: 'owner' })).headers;
});
afterAll(() => app.closeAndDrop());
beforeEach(() => razorpaySimulatorOf(app).reset());

function refund(orderId: string, amountPaise: number, reason = 'Late dispatch') {
  return app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { ...owner, 'idempotency-key': `partial-message-${Date.now()}-${++keys}` },
    payload: { amountPaise, reason },
  });
}

/** A paid order whose confirmation went out, so the outbox holds only what follows. */
async function paidAndConfirmed(shopper?: Awaited<ReturnType<typeof newShopper>>): Promise<PaidOrder> {
  const paid = await placePaidOrder(app, shopper ? { shopper } : {});
  expect(await sendQueuedOrderEmails(app, paid.orderId)).toEqual(['confirmed']);
  return paid;
}

async function waitingMessageJobs(orderId: string) {
  return (await queuedJobs<OrderEmailJob>(app, jobQueues.sendOrderEmail, orderId))
    .filter((job) => job.state === 'created')
    .map((job) => job.data);
}

const partialSubject = (amount: string, orderId: string) =>
  `${amount} of your order ${orderNumberOf(orderId)} is refunded`;

describe('a part refunded from the console', () => {
  it('is e-mailed with the amount, the reason, where it goes and when: once, however often its job runs', async () => {
    const paid = await paidAndConfirmed();
    const refunded = await refund(paid.orderId, 5050);
    expect(refunded.statusCode, refunded.body).toBe(200);

    const [job, ...others] = await waitingMessageJobs(paid.orderId);
    expect(others).toEqual([]);
    expect(job).toEqual({ orderId: paid.orderId, kind: 'partially_refunded', refundId: expect.any(String) });
    if (!job) throw new Error('no message job');
    // The job retried after it sent (a worker lost its lease): the second run sends nothing.
    await sendOrderEmail(app.db, app.notifier, job, app.config.publicUrl);
    await sendOrderEmail(app.db, app.notifier, job, app.config.publicUrl);

    const messages = await outboxOf(app, paid.shopper.email);
    const number = orderNumberOf(paid.orderId);
    expect(messages.map((message) => message.subject)).toEqual([
      partialSubject('₹50.50', paid.orderId),
      `Your order ${number} is confirmed`,
    ]);
    const body = messages[0]?.body ?? '';
    expect(body).toContain(
      [
        `We have refunded ₹50.50 of your order ${number} to your original payment method.`,
        'Reason: Late dispatch',
        'Refunds take 6-8 days to reach your account; you need not do anything.',
      ].join('\n'),
    );
    expect(body).toContain('Refunded so far: ₹50.50');
    expect(messages[0]?.html).toContain('Reason: Late dispatch');
  });

  it('is not told again when Razorpay reports the same refund again', async () => {
    const paid = await paidAndConfirmed();
    expect((await refund(paid.orderId, 2000)).statusCode).toBe(200);
    expect(await sendQueuedOrderEmails(app, paid.orderId)).toEqual(['partially_refunded']);

    const [recorded] = (await detail(paid.orderId)).refunds;
    const again = await app.razorpay.client.fetchRefund(recorded?.razorpayRefundId ?? '');
    await settleRefund(paymentDeps(app), again, 'webhook');
    expect(await waitingMessageJobs(paid.orderId)).toEqual([]);
    expect(await outboxOf(app, paid.shopper.email)).toHaveLength(2);
  });

  it('is told once Razorpay has processed it, when it was pending at first', async () => {
    razorpaySimulatorOf(app).setRefundMode('pending');
    const paid = await paidAndConfirmed();
    expect((await refund(paid.orderId, 3000)).statusCode).toBe(200);
    expect(await waitingMessageJobs(paid.orderId)).toEqual([]);

    const [pending] = (await detail(paid.orderId)).refunds;
    razorpaySimulatorOf(app).settleRefund(pending?.razorpayRefundId ?? '', 'processed');
    await razorpaySimulatorOf(app).webhooks.settled();
    expect(await sendQueuedOrderEmails(app, paid.orderId)).toEqual(['partially_refunded']);
    expect((await outboxOf(app, paid.shopper.email))[0]?.subject).toBe(
      partialSubject('₹30.00', paid.orderId),
    );
  });

  it('is sent on the retry when the first send fails', async () => {
    const paid = await paidAndConfirmed();
    expect((await refund(paid.orderId, 1000)).statusCode).toBe(200);
    const [job] = await waitingMessageJobs(paid.orderId);
    if (!job) throw new Error('no message job');
    const failing = { ...app.notifier, email: vi.fn().mockRejectedValue(new Error('SMTP is down')) };
    await expect(sendOrderEmail(app.db, failing, job, app.config.publicUrl)).rejects.toThrow('SMTP is down');
    await sendOrderEmail(app.db, app.notifier, job, app.config.publicUrl);
    expect((await outboxOf(app, paid.shopper.email))[0]?.subject).toBe(
      partialSubject('₹10.00', paid.orderId),
    );
  });

  it('goes by SMS, from its DLT template, to a shopper with no e-mail', async () => {
    const shopper = await newShopper(app, [{ id: 1, quantity: 1 }], { email: null });
    const paid = await paidAndConfirmed(shopper);
    expect(
      (await refund(paid.orderId, 2500, 'A mitt was sent in the wrong colour, sorry about that')).statusCode,
    ).toBe(200);
    expect(await sendQueuedOrderEmails(app, paid.orderId)).toEqual(['partially_refunded']);
    const [sms] = await outboxOf(app, shopper.mobile);
    expect(sms?.channel).toBe('sms');
    expect(sms?.body).toBe(
      fillSmsTemplate('order_partially_refunded', {
        amount: '₹25.00',
        order: orderNumberOf(paid.orderId),
        // DLT caps a variable at 30 characters: the reason is cut at a word.
        reason: 'A mitt was sent in the wrong…',
      }),
    );
  });

  it('is offered again in the console, and resent as the latest part refunded', async () => {
    const paid = await paidAndConfirmed();
    expect((await refund(paid.orderId, 1000, 'First part')).statusCode).toBe(200);
    expect((await refund(paid.orderId, 1500, 'Second part')).statusCode).toBe(200);
    expect(await sendQueuedOrderEmails(app, paid.orderId)).toEqual([
      'partially_refunded',
      'partially_refunded',
    ]);
    expect((await detail(paid.orderId)).sentMessages).toEqual(['confirmed', 'partially_refunded']);

    const resend = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderId}/emails/partially_refunded/resend`,
      headers: owner,
    });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().message).toBe(adminOrderMessages.emailResent);
    expect(await sendQueuedOrderEmails(app, paid.orderId)).toEqual(['partially_refunded']);
    const [latest, ...earlier] = await outboxOf(app, paid.shopper.email);
    expect(latest?.subject).toBe(partialSubject('₹15.00', paid.orderId));
    expect(latest?.body).toContain('Reason: Second part');
    expect(earlier.map((message) => message.subject)).toContain(partialSubject('₹10.00', paid.orderId));
  });

  it('tells the last part as the refund of the order, not as a part', async () => {
    const paid = await paidAndConfirmed();
    expect((await refund(paid.orderId, 1000)).statusCode).toBe(200);
    expect((await refund(paid.orderId, paid.totalPaise - 1000)).statusCode).toBe(200);
    expect(await sendQueuedOrderEmails(app, paid.orderId)).toEqual(['partially_refunded', 'refunded']);
  });
});

async function detail(orderId: string): Promise<AdminOrderDetail> {
  const reply = await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: owner });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<AdminOrderDetail>();
}
