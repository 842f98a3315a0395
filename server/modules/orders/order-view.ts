import { and, asc, desc, eq, inArray, isNotNull, max, or } from 'drizzle-orm';
import type { Order, ShipmentDetails } from '../../../contracts/orders';
import type { Database } from '../../db/client';
import { ndrReports, orderItems, orders, payments, refunds, shipments, statusHistory } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import { deliveryIssueOf } from '../ndr/ndr-lifecycle';
import { moneyOfOrders } from '../order-money/append-entries';
import { codCashPaiseOf } from './cod-advance';
import { mayCancel, orderStateOf, refundStatusOf } from './lifecycle';

type OrderRow = typeof orders.$inferSelect;
type ShipmentRow = typeof shipments.$inferSelect;

/** docs/product.md#entities Shipment details, from our shipment row. */
export function toShipmentView(row: ShipmentRow): ShipmentDetails {
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
    stage: row.stage,
    // Shiprocket's tracking page (track_url) shows the courier's own scans; no separate courier link is given.
    courierTrackingUrl: row.trackingUrl,
    pickupScheduledAt: row.pickupScheduledAt?.toISOString() ?? null,
    lastUpdatedAt: row.lastTrackedAt?.toISOString() ?? null,
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
  const [items, paid, shipped, refunded, money, delivered, failedDeliveries] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)),
    db
      .select()
      .from(payments)
      .where(and(inArray(payments.orderId, ids), inArray(payments.status, ['captured', 'refunded'])))
      // The first captured payment paid the order (see payingPaymentOf); a later one is refunded on its own.
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db.select().from(shipments).where(inArray(shipments.orderId, ids)),
    db
      .select({ paymentId: refunds.paymentId, status: refunds.status })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(inArray(payments.orderId, ids))
      .orderBy(desc(refunds.createdAt)),
    // docs/architecture.md#money-record: what was received and given back, as the order's record says.
    moneyOfOrders(db, ids),
    deliveredAtOf(
      db,
      rows.filter((row) => row.status === 'delivered').map((row) => row.id),
    ),
    // docs/product.md#failed-deliveries: the parcel's failed deliveries, if any.
    db.select().from(ndrReports).where(inArray(ndrReports.orderId, ids)),
  ]);
  const now = new Date();
  const deliveryIssueOrNull = (report: typeof ndrReports.$inferSelect | undefined) =>
    report ? deliveryIssueOf(report, now) : null;
  return rows.map((row) => {
    const payment = paid.find((entry) => entry.orderId === row.id);
    // Only the paying payment's refunds are the order's: a stray payment's refund is not the order refunded.
    const latestRefund = payment && refunded.find((entry) => entry.paymentId === payment.id);
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
      couponCode: row.couponCode,
      couponDiscountPaise: row.couponDiscountPaise,
      couponFreeShipping: row.couponFreeShipping,
      prepaidDiscountPaise: row.prepaidDiscountPaise,
      shippingPaise: row.shippingPaise,
      codFeePaise: row.codFeePaise,
      codConfirmBy: row.codConfirmBy?.toISOString() ?? null,
      codAdvancePaise: row.codAdvancePaise,
      codAdvance: row.codAdvance,
      codCashPaise: row.paymentMethod === 'COD' ? codCashPaiseOf(row) : 0,
      codConfirmedAt: row.codConfirmedAt?.toISOString() ?? null,
      taxPaise: row.taxPaise,
      totalPaise: row.totalPaise,
      paidPaise: money.get(row.id)?.collectedPaise ?? 0,
      refundedPaise: money.get(row.id)?.refundedPaise ?? 0,
      refundStatus: refundStatusOf(orderStateOf(row, shipment, latestRefund?.status ?? null)),
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
          couponSharePaise: item.couponSharePaise,
          prepaidSharePaise: item.prepaidSharePaise,
        })),
      shippingAddress: row.shippingAddress,
      billingAddress: row.billingAddress,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      promisedDeliveryDate: row.promisedDeliveryDate,
      deliveredAt: row.status === 'delivered' ? (delivered.get(row.id)?.toISOString() ?? null) : null,
      shipment: shipment ? toShipmentView(shipment) : null,
      canCancel: mayCancel(orderStateOf(row, shipment)),
      deliveryIssue: deliveryIssueOrNull(failedDeliveries.find((report) => report.orderId === row.id)),
    };
  });
}

/**
 * docs/product.md#the-order-page: when each delivered order became delivered, by its status history (the
 * latest time, should it have been set twice).
 */
async function deliveredAtOf(db: Database, ids: string[]): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ orderId: statusHistory.entityId, at: max(statusHistory.createdAt) })
    .from(statusHistory)
    .where(
      and(
        eq(statusHistory.entity, 'order'),
        inArray(statusHistory.entityId, ids),
        eq(statusHistory.field, 'status'),
        eq(statusHistory.toValue, 'delivered'),
      ),
    )
    .groupBy(statusHistory.entityId);
  return new Map(rows.flatMap((row) => (row.at ? [[row.orderId, new Date(row.at)] as const] : [])));
}

/** Our order ids are UUIDs; anything else names no order (and must not reach a uuid column). */
export function isOrderId(value: string): boolean {
  return isUuid(value);
}

/** One of the user's orders; another user's order, or no order, is undefined (a 404, never a 403). */
export async function findUserOrder(
  db: Database,
  userId: string,
  orderId: string,
): Promise<OrderRow | undefined> {
  if (!isOrderId(orderId)) return undefined;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row;
}

/**
 * My Orders: every order the shopper paid for, newest first; abandoned checkouts are not orders. A
 * cash-on-delivery order is one once confirmed, or while it awaits its shopper's confirmation, which My Orders
 * asks for (docs/product.md#cash-on-delivery).
 */
export async function listUserOrders(db: Database, userId: string): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(
          isNotNull(orders.paidAt),
          isNotNull(orders.codConfirmedAt),
          and(eq(orders.status, 'pending'), eq(orders.paymentStatus, 'cod_due')),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt));
  return toOrderViews(db, rows);
}
