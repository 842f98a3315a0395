import { eq } from 'drizzle-orm';
import type { OrderStatus } from '../../contracts/order-status';
import type { OrderPaymentStatus } from '../db/schema';
import { orders, shipments, statusHistory } from '../db/schema';
import type { TestApp } from './build-test-app';
import { remakeMoneyRecord } from './money-record';
import { bookShipment, placePaidOrder } from './order-helpers';

// Factories for the COD money tests (docs/product.md#cod-refunds, #cod-remittances): a delivered order whose
// cash the courier collected, written straight into the tables. COD checkout and delivery are the COD core's
// (issue 31, part 1); these tests start where it ends.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Makes the order a COD order with this payment status (and order status); `collected` is stamped in the
 * status history `collectedDaysAgo` days back, as the courier's delivery would have.
 */
export async function setCodPayment(
  app: TestApp,
  orderId: string,
  paymentStatus: OrderPaymentStatus,
  status: OrderStatus,
  collectedDaysAgo = 0,
) {
  await app.db
    .update(orders)
    .set({ paymentMethod: 'COD', paymentStatus, status, paidAt: null })
    .where(eq(orders.id, orderId));
  if (paymentStatus === 'collected') {
    await app.db.insert(statusHistory).values({
      entity: 'order',
      entityId: orderId,
      field: 'paymentStatus',
      fromValue: 'cod_due',
      toValue: 'collected',
      source: 'webhook',
      createdAt: new Date(Date.now() - collectedDaysAgo * DAY_MS),
    });
  }
  await remakeMoneyRecord(app, orderId);
}

export interface CodOrder {
  orderId: string;
  totalPaise: number;
  awb: string;
}

/**
 * An order (with its items and GST invoice, made through the real checkout), its parcel booked and delivered,
 * and its cash collected on delivery; `method: 'Online'` leaves it a delivered prepaid order.
 */
export async function codOrder(
  app: TestApp,
  options: { method?: 'COD' | 'Online'; collectedDaysAgo?: number } = {},
): Promise<CodOrder> {
  const paid = await placePaidOrder(app);
  const { shipment } = await bookShipment(app, paid.orderId, 'pickup_scheduled');
  await app.db.update(shipments).set({ stage: 'delivered' }).where(eq(shipments.id, shipment.id));
  if (options.method === 'Online') {
    await app.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, paid.orderId));
  } else {
    await setCodPayment(app, paid.orderId, 'collected', 'delivered', options.collectedDaysAgo ?? 0);
  }
  return { orderId: paid.orderId, totalPaise: paid.totalPaise, awb: shipment.awbCode ?? '' };
}

/**
 * A COD order booked with the Shiprocket simulator as COD (the amount to collect is the order's total) and
 * moved to delivered there, so that the simulator's next remittance cycle pays it.
 */
export async function codOrderDeliveredBySimulator(app: TestApp): Promise<CodOrder & { shipmentId: number }> {
  const simulator = app.shiprocketSimulator;
  if (!simulator) throw new Error('these tests run against the Shiprocket simulator');
  const paid = await placePaidOrder(app);
  const { shipment, shiprocketShipmentId } = await bookShipment(app, paid.orderId, 'pickup_scheduled', {
    cod: true,
  });
  simulator.move(shiprocketShipmentId, 'delivered');
  await setCodPayment(app, paid.orderId, 'collected', 'delivered');
  return {
    orderId: paid.orderId,
    totalPaise: paid.totalPaise,
    awb: shipment.awbCode ?? '',
    shipmentId: shiprocketShipmentId,
  };
}
