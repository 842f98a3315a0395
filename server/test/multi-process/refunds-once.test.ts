import { afterAll, expect, it } from 'vitest';
import { cancelMessages } from '../../../contracts/orders';
import { createShopper } from '../shopper-factory';
import { startTwoShopsOnOneRazorpay } from './shared-razorpay';
import { canRunSeveralProcesses, createOrderThroughProcess, postJson, ShopProcesses } from './shop-processes';

const shops = new ShopProcesses();
let pair: Awaited<ReturnType<typeof startTwoShopsOnOneRazorpay>> | undefined;
afterAll(async () => {
  await shops.stopAll();
  await pair?.stop();
});

const ORDERS = 4;

// docs/operations.md#scaling-out: a cancelled order whose refund Razorpay refused at first is refunded by the
// refund job, which both processes work: each order is refunded once, whichever process took its job.
it.skipIf(!canRunSeveralProcesses)(
  'two processes with workers refund each cancelled order once through the refund job (skipped without DATABASE_URL and REDIS_URL)',
  { timeout: 120_000 },
  async () => {
    pair = await startTwoShopsOnOneRazorpay(shops);
    const { a, b, handle } = pair;
    const { simulator, faults } = pair.razorpay;
    const processes = [a, b];
    const { db } = handle;

    // No parcel is booked (each process's Shiprocket simulator refuses the booking), so each order can be
    // cancelled without a courier to call.
    for (const each of processes) {
      await postJson(each.base, '/sim/shipping/control/faults', {
        kind: 'error',
        endpoint: '/orders/create/adhoc',
      });
    }
    const shoppers = await Promise.all(Array.from({ length: ORDERS }, () => createShopper({ db })));
    const paid = await Promise.all(
      shoppers.map(async (shopper, index) => {
        const through = processes[index % 2] ?? a;
        const order = await createOrderThroughProcess(through.base, shopper.headers, 1 + index);
        const report = simulator.completePayment(String(order.id));
        const confirmed = await postJson(
          through.base,
          '/api/orders/create-with-payment',
          report,
          shopper.headers,
        );
        return { shopper, orderId: String(confirmed.orderId) };
      }),
    );

    // Razorpay refuses every refund while the shoppers cancel: each order is cancelled, its refund left to the job.
    faults.add({ kind: 'error', endpoint: '/v1/payments', method: 'POST', status: 503 });
    for (const [index, { shopper, orderId }] of paid.entries()) {
      const through = processes[index % 2] ?? a;
      const response = await fetch(`${through.base}/api/orders/cancel/${orderId}`, {
        method: 'POST',
        headers: shopper.headers,
      });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ message: cancelMessages.refundDelayed });
    }
    faults.reset();
    // The refund job waits a minute after a cancellation (the cancel request normally refunds first): the
    // clock moved on, it is due now.
    await handle.executeSql(`update pgboss.job set start_after = now() where name = 'order.refund'`);

    // Each order cancelled and refunded, with one refund in our rows and one refund job finished. Polled as a
    // whole: pg-boss marks a job finished only after the transaction that refunded its order has committed.
    const perOrder = async () =>
      (
        await handle.executeSql(
          `select o.status, o.payment_status as "paymentStatus",
             (select count(*)::int from refunds r join payments p on p.id = r.payment_id where p.order_id = o.id) as refunds,
             (select count(*)::int from pgboss.job j where j.name = 'order.refund' and j.data->>'orderId' = o.id::text
               and j.state = 'completed') as "refundJobs"
           from orders o`,
        )
      ).rows;
    await expect
      .poll(perOrder, { timeout: 60_000 })
      .toEqual(
        Array(ORDERS).fill({ status: 'cancelled', paymentStatus: 'refunded', refunds: 1, refundJobs: 1 }),
      );
    // And one refund at Razorpay each.
    await simulator.webhooks.settled();
    const refundedAtRazorpay = simulator.webhooks
      .sent()
      .filter((delivery) => delivery.event === 'refund.processed' && delivery.attempt === 1);
    expect(refundedAtRazorpay).toHaveLength(ORDERS);
  },
);
