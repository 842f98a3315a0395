import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Order, Shipment } from '../../../contracts/orders';
import type { Database } from '../../db/client';
import { orderItems, orders, payments, shipments } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;
type ShipmentRow = typeof shipments.$inferSelect;

/** spec §3 Shipment details, from our shipment row. */
export function toShipmentView(row: ShipmentRow): Shipment {
  return {
    shiprocketOrderId: row.shiprocketOrderId,
    shiprocketShipmentId: row.shiprocketShipmentId,
    courierName: row.courierName,
    trackingNumber: row.awbCode,
    trackingStatus: row.statusLabel,
    estimatedDelivery: row.estimatedDelivery?.toISOString() ?? null,
    trackingUrl: row.trackingUrl,
    hasTracking: row.awbCode !== null,
    hasCourier: row.courierName !== null,
    canTrack: row.awbCode !== null && row.trackingUrl !== null,
  };
}

/** The short reference a shopper quotes on the phone: the first block of our id. */
export function orderNumberOf(orderId: string): string {
  return `OM-${orderId.slice(0, 8).toUpperCase()}`;
}

/** Orders as the API shows them, with their items and the payment that paid them, in the given order. */
export async function toOrderViews(db: Database, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, paid, shipped] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)),
    db
      .select()
      .from(payments)
      .where(and(inArray(payments.orderId, ids), inArray(payments.status, ['captured', 'refunded'])))
      .orderBy(desc(payments.createdAt)),
    db.select().from(shipments).where(inArray(shipments.orderId, ids)),
  ]);
  return rows.map((row) => {
    const payment = paid.find((entry) => entry.orderId === row.id);
    const shipment = shipped.find((entry) => entry.orderId === row.id);
    return {
      _id: row.id,
      orderId: row.id,
      orderNumber: orderNumberOf(row.id),
      status: row.status,
      paymentStatus: row.paymentStatus,
      paymentMethod: row.paymentMethod,
      paymentId: payment?.razorpayPaymentId ?? null,
      razorpayOrderId: row.razorpayOrderId,
      mrpPaise: row.mrpPaise,
      subtotalPaise: row.subtotalPaise,
      discountPaise: row.discountPaise,
      shippingPaise: row.shippingPaise,
      taxPaise: row.taxPaise,
      totalPaise: row.totalPaise,
      refundedPaise: payment?.amountRefundedPaise ?? 0,
      currency: row.currency,
      items: items
        .filter((item) => item.orderId === row.id)
        .map((item) => ({
          productId: item.productId,
          title: item.title,
          description: item.description,
          image: item.image,
          sku: item.sku,
          category: item.category,
          brand: item.brand,
          size: item.size,
          quantity: item.quantity,
          unitMrpPaise: item.unitMrpPaise,
          discountPercent: item.discountPercent,
          unitPricePaise: item.unitPricePaise,
          lineTotalPaise: item.unitPricePaise * item.quantity,
        })),
      shippingAddress: row.shippingAddress,
      billingAddress: row.billingAddress,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      shipment: shipment ? toShipmentView(shipment) : null,
    };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One of the user's orders; another user's order, or no order, is undefined (a 404, never a 403). */
export async function findUserOrder(
  db: Database,
  userId: string,
  orderId: string,
): Promise<OrderRow | undefined> {
  if (!UUID.test(orderId)) return undefined;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row;
}

/** My Orders: every order the shopper paid for, newest first; abandoned checkouts are not orders. */
export async function listUserOrders(db: Database, userId: string): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt)))
    .orderBy(desc(orders.createdAt));
  return toOrderViews(db, rows);
}
