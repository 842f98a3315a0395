import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createShopper } from '../shopper-factory';
import { startTwoShopsOnOneRazorpay } from './shared-razorpay';
import { canRunSeveralProcesses, createOrderThroughProcess, postJson, ShopProcesses } from './shop-processes';

const shops = new ShopProcesses();
let pair: Awaited<ReturnType<typeof startTwoShopsOnOneRazorpay>> | undefined;
afterAll(async () => {
  await shops.stopAll();
  await pair?.stop();
});

const ORDERS = 12;
/** Reports held at Razorpay, inside the process, when it is killed. */
const CUT_OFF = 6;

// docs/operations.md#scaling-out: the browser's report of a payment may die with the process that was
// handling it; Razorpay's webhook, through the load balancer to the process still up, confirms the order, and
// the shopper's next report to any process finds it paid. Each order is paid, confirmed and invoiced once.
it.skipIf(!canRunSeveralProcesses)(
  'a process killed with SIGKILL in the middle of payments loses no order: the other confirms each through the webhook (skipped without DATABASE_URL and REDIS_URL)',
  { timeout: 120_000 },
  async () => {
    pair = await startTwoShopsOnOneRazorpay(shops);
    const { a, b, handle } = pair;
    const { simulator, faults } = pair.razorpay;
    const { db } = handle;

    const shoppers = await Promise.all(Array.from({ length: ORDERS }, () => createShopper({ db })));
    // Razorpay's webhooks wait until the process is dead, so that only they can confirm the cut-off orders.
    simulator.webhooks.hold();
    const checkouts = await Promise.all(
      shoppers.map(async (shopper, index) => {
        const through = index % 2 === 0 ? a : b;
        const order = await createOrderThroughProcess(through.base, shopper.headers, 1 + (index % 3));
        return { shopper, paid: simulator.completePayment(String(order.id)) };
      }),
    );

    // Every browser reports to A. The first CUT_OFF of A's calls to Razorpay hang, so those reports are in
    // the middle of their work when A is killed; the others finish first.
    faults.add({ kind: 'timeout', endpoint: '/v1/payments', method: 'GET', count: CUT_OFF, status: 504 });
    let answered = 0;
    const reports = checkouts.map(({ shopper, paid }) =>
      fetch(`${a.base}/api/orders/create-with-payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...shopper.headers },
        body: JSON.stringify(paid),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          answered += 1;
          return response.status;
        },
        () => 'cut off' as const,
      ),
    );
    await expect.poll(() => faults.list()[0]?.hit, { timeout: 30_000 }).toBe(CUT_OFF);
    await expect.poll(() => answered, { timeout: 30_000 }).toBe(ORDERS - CUT_OFF);
    a.child.kill('SIGKILL');
    const outcomes = await Promise.all(reports);
    expect(outcomes.filter((outcome) => outcome === 200)).toHaveLength(ORDERS - CUT_OFF);
    expect(outcomes.filter((outcome) => outcome === 'cut off')).toHaveLength(CUT_OFF);
    faults.reset();

    const paidCount = async () =>
      (await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentStatus, 'paid'))).length;
    expect(await paidCount()).toBe(ORDERS - CUT_OFF);

    // A is down: the held webhooks reach B, which confirms the rest.
    simulator.webhooks.release();
    await expect.poll(paidCount, { timeout: 30_000 }).toBe(ORDERS);

    // The restarted A answers each cut-off shopper's retried report with the paid order.
    const restarted = await pair.startAnother();
    pair.webhooksTo([restarted.base, b.base]);
    for (const { shopper, paid } of checkouts) {
      const confirmation = await postJson(
        restarted.base,
        '/api/orders/create-with-payment',
        paid,
        shopper.headers,
      );
      expect(confirmation).toMatchObject({ paymentId: paid.razorpay_payment_id });
    }

    // Counted per order in SQL of its own: one captured payment, one invoice and one shipment job each.
    const { rows } = await handle.executeSql(
      `select o.payment_status as "paymentStatus",
         (select count(*)::int from payments p where p.order_id = o.id) as payments,
         (select count(*)::int from invoices i where i.order_id = o.id) as invoices,
         (select count(*)::int from pgboss.job j
           where j.name = 'shipment.create' and j.data->>'orderId' = o.id::text) as "shipmentJobs"
       from orders o`,
    );
    expect(rows).toEqual(
      Array(ORDERS).fill({ paymentStatus: 'paid', payments: 1, invoices: 1, shipmentJobs: 1 }),
    );
  },
);
