import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { adminOrderMessages } from '../../contracts/admin-orders';
import { buildApp } from '../app';
import { bookShipment, placePaidOrder, shiprocketSimulatorOf } from '../test/order-helpers';
import { createStaffMember } from '../test/staff-factory';
import { testAppConfig } from '../test/test-config';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

// docs/operations.md#simulator-state: the simulators keep their state in the shop's database, so a shop started
// again on the same database still finds the payments and parcels it made before.

let database: TestDatabase;
let pglite: PGlite | undefined;

beforeAll(async () => {
  const template = inject('databaseTemplate');
  database = await createTestDatabase(template);
  // On PGlite both apps open one data folder, as two starts of `npm start` do.
  if (template.kind === 'pglite') {
    pglite = await PGlite.create({
      dataDir: 'memory://',
      loadDataDir: new Blob([await readFile(template.dumpFile)]),
    });
  }
});
afterAll(async () => {
  await pglite?.close();
  await database.drop();
});

async function startShop() {
  const app = await buildApp(testAppConfig(database.url, { jobWorkers: false, authRateLimitMax: 1000 }), {
    logger: false,
    pgliteClient: pglite,
  });
  // The order helpers' type: this app's database outlives it, dropped after the file.
  return Object.assign(app, { closeAndDrop: () => app.close() });
}

it('refunds a payment and tracks a parcel made before the shop restarted', async () => {
  const before = await startShop();
  const paid = await placePaidOrder(before);
  const booked = await bookShipment(before, paid.orderId);
  await shiprocketSimulatorOf(before).advance(booked.shiprocketShipmentId);
  const keysBefore = before.razorpaySimulator?.keySecret;
  await before.close();

  const after = await startShop();
  try {
    // A new simulator (new keys), the same account's payments.
    expect(after.razorpaySimulator?.keySecret).not.toBe(keysBefore);
    const owner = await createStaffMember(after);
    const refund = await after.inject({
      method: 'POST',
      url: `/api/admin/orders/${paid.orderId}/refunds`,
      headers: { ...owner.headers, 'idempotency-key': 'after-restart-1' },
      payload: { amountPaise: 5000, reason: 'Late dispatch' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().message).toBe(adminOrderMessages.refunded('₹50.00'));
    expect((await after.razorpay.client.fetchPayment(paid.paymentId)).amount_refunded).toBe(5000);

    const tracking = await after.shiprocket.client.trackShipment(booked.shiprocketShipmentId);
    expect(tracking.tracking_data).toMatchObject({
      track_status: 1,
      shipment_status: 19,
      shipment_track: [{ awb_code: booked.shipment.awbCode, current_status: 'OUT FOR PICKUP' }],
    });
    expect(await shiprocketSimulatorOf(after).advance(booked.shiprocketShipmentId)).toMatchObject([
      { statusId: 42, status: 'PICKED UP' },
    ]);
  } finally {
    await after.close();
  }
});
