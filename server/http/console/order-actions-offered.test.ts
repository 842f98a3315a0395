import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminOrderDetail, adminOrderMessages } from '../../../contracts/admin-orders';
import { cancelMessages } from '../../../contracts/orders';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { codOrder } from '../../test/cod-factories';
import { bookShipment, placePaidOrder } from '../../test/order-helpers';
import { createStaffMember } from '../../test/staff-factory';

// docs/product.md#console-pages: the order's reply lists the actions its state allows (allowedActions), and an
// action it leaves out is one the API would refuse; server/modules/admin-orders/console-actions.test.ts covers
// every state.

let app: TestApp;
let owner: { authorization: string };

beforeAll(async () => {
  app = await buildTestApp({ authRateLimitMax: 1000, jobWorkers: false });
  owner = (await createStaffMember(app, { role: 'owner' })).headers;
});
afterAll(() => app.closeAndDrop());

async function offered(orderId: string) {
  const response = await app.inject({ method: 'GET', url: `/api/admin/orders/${orderId}`, headers: owner });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminOrderDetail>().allowedActions;
}

const post = (orderId: string, action: string) =>
  app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/${action}`, headers: owner });

describe("the actions an order's reply offers", () => {
  it('a paid order not yet booked: retry the booking, refund, cancel', async () => {
    const paid = await placePaidOrder(app);
    // The job queued at payment gave up: a retry is what the owner needs.
    await app.db.execute(
      sql`update pgboss.job set state = 'failed' where data->>'orderId' = ${paid.orderId}`,
    );
    expect(await offered(paid.orderId)).toEqual(['refund', 'cancel', 'retry_shipment', 'add_note']);
    expect((await post(paid.orderId, 'shipment/retry')).statusCode).toBe(200);
  });

  it('a booked parcel: no retry, which would be refused', async () => {
    const paid = await placePaidOrder(app);
    await bookShipment(app, paid.orderId, 'pickup_scheduled');
    expect(await offered(paid.orderId)).not.toContain('retry_shipment');
    const retry = await post(paid.orderId, 'shipment/retry');
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(adminOrderMessages.shipmentAlreadyBooked);
  });

  it('a delivered COD order: neither cancel nor retry, both of which would be refused', async () => {
    const delivered = await codOrder(app);
    const actions = await offered(delivered.orderId);
    expect(actions).not.toContain('cancel');
    expect(actions).not.toContain('retry_shipment');
    expect(actions).not.toContain('refund');
    const cancel = await post(delivered.orderId, 'cancel');
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(cancelMessages.afterPickup);
    expect((await post(delivered.orderId, 'shipment/retry')).statusCode).toBe(409);
  });
});
