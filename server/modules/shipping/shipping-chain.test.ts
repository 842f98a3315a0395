import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments, statusHistory } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { orderRow, outboxOf, placePaidOrder, shiprocketSimulatorOf } from '../../test/order-helpers';

// The whole chain with the app's own pg-boss workers, as `npm start` runs it: payment, shipment job (with
// its retries), tracking webhooks from the simulator, order status and e-mails.
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({
    authRateLimitMax: 1000,
    jobPollingIntervalSeconds: 0.5,
    jobRetryDelaySeconds: 1,
  });
});
afterAll(() => app.closeAndDrop());

async function shipmentJob(orderId: string) {
  const result = (await app.db.execute(
    sql`select state, retry_count as "retryCount" from pgboss.job
        where name = 'shipment.create' and data->>'orderId' = ${orderId}`,
  )) as unknown as { rows: { state: string; retryCount: number }[] };
  return result.rows;
}

async function unsentEmails(orderId: string) {
  const result = (await app.db.execute(
    sql`select count(*)::int as count from pgboss.job
        where name = 'order.email' and data->>'orderId' = ${orderId} and state in ('created', 'retry', 'active')`,
  )) as unknown as { rows: { count: number }[] };
  return result.rows[0]?.count ?? 0;
}

describe('from payment to delivery, with the background workers', () => {
  it('retries the shipment while Shiprocket is down, books it once, and follows the parcel to the door', async () => {
    const simulator = shiprocketSimulatorOf(app);
    simulator.failApi('unavailable');
    const { orderId, shopper } = await placePaidOrder(app);

    await expect
      .poll(async () => (await shipmentJob(orderId))[0]?.retryCount ?? 0, { timeout: 15_000, interval: 250 })
      .toBeGreaterThanOrEqual(1);
    expect(await app.db.select().from(shipments).where(eq(shipments.orderId, orderId))).toEqual([]);

    simulator.restoreApi();
    await expect
      .poll(
        async () => (await app.db.select().from(shipments).where(eq(shipments.orderId, orderId)))[0]?.stage,
        { timeout: 30_000, interval: 250 },
      )
      .toBe('pickup_scheduled');
    expect(await shipmentJob(orderId)).toEqual([{ state: 'completed', retryCount: expect.any(Number) }]);
    const listed = await app.shiprocket.client.findOrder(orderId);
    const rows = await app.db.select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.shiprocketShipmentId).toBe(String(listed?.shipments[0]?.id));
    expect((await orderRow(app, orderId)).status).toBe('processing');

    // Seven steps of the simulator's clock: out for pickup to delivered, each a webhook to the shop. Real
    // scans come minutes apart, so each is delivered, and its e-mail sent, before the next (an e-mail whose
    // parcel has moved on by the time it would go is stale and dropped: the sweeps tests cover that).
    for (let step = 0; step < 7; step++) {
      simulator.advance(Number(rows[0]?.shiprocketShipmentId));
      await simulator.webhooks.settled();
      await expect.poll(() => unsentEmails(orderId), { timeout: 15_000, interval: 100 }).toBe(0);
    }
    expect((await orderRow(app, orderId)).status).toBe('delivered');

    const statuses = await app.db
      .select({ to: statusHistory.toValue })
      .from(statusHistory)
      .where(and(eq(statusHistory.entityId, orderId), eq(statusHistory.field, 'status')))
      .orderBy(statusHistory.createdAt);
    expect(statuses.map((change) => change.to)).toEqual([
      'confirmed',
      'processing',
      'shipped',
      'out_for_delivery',
      'delivered',
    ]);

    const number = `OM-${orderId.slice(0, 8).toUpperCase()}`;
    await expect
      .poll(async () => (await outboxOf(app, shopper.email)).map((message) => message.subject), {
        timeout: 15_000,
        interval: 250,
      })
      .toEqual(
        expect.arrayContaining([
          `Your order ${number} is confirmed`,
          `Your order ${number} is on its way`,
          `Your order ${number} is out for delivery`,
          `Your order ${number} has been delivered`,
        ]),
      );
    const shippedMail = (await outboxOf(app, shopper.email)).find((message) =>
      message.subject.endsWith('is on its way'),
    );
    expect(shippedMail?.body).toContain(`Tracking number: ${rows[0]?.awbCode}`);
    expect(shippedMail?.body).toContain(`/sim/shipping/tracking/${rows[0]?.awbCode}`);
  }, 60_000);
});
