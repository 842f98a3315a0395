import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  cartLines,
  carts,
  orderAttention,
  orderItems,
  orders,
  payments,
  refunds,
  shipments,
} from '../../db/schema';
import { type Jobs, jobQueues } from '../../job-queues';
import { countCouponUse } from '../coupons/coupon-uses';
import { type ChangeSource, recordChanges, type StatusChange } from '../history/status-history';
import { holdsAnything, releaseOrderHolds } from '../holds/holds';
import { issueInvoice, issueRtoCreditNote } from '../invoices/issue-documents';
import { recordCharges, recordCollection, recordRefund, voidCharges } from '../order-money/record-money';
import { holdsStock, putBackOrderStock, takeOrderStock } from '../stock/order-stock';
import {
  type CodEffect,
  type Decision,
  decide,
  type OrderEffect,
  type OrderEvent,
  type OrderState,
  orderStateOf,
} from './lifecycle';

// The one writer of an order's row (docs/architecture.md#order-lifecycle): it takes the order's locks in the
// fixed order, applies the lifecycle, writes the status history and enqueues the effects, all in the
// caller's transaction. A test fails when any other file writes the orders table.

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type ShipmentRow = typeof shipments.$inferSelect;

declare const lockedBrand: unique symbol;

/** An order whose rows the transaction holds locked; only `lockOrder` makes one. */
export interface LockedOrder {
  readonly [lockedBrand]: true;
  readonly tx: Database;
  readonly order: OrderRow;
  /** Oldest first: the first captured one paid the order. */
  readonly payments: readonly PaymentRow[];
  readonly shipment: ShipmentRow | undefined;
  /** The lifecycle's view of the order, kept current by `applyOrderEvent`. */
  state: OrderState;
}

function payingPayment(rows: readonly PaymentRow[]): PaymentRow | undefined {
  return rows.find((row) => row.status === 'captured' || row.status === 'refunded');
}

/**
 * Takes the order's locks in the one order every transaction uses (else PostgreSQL may deadlock two of them):
 * the order row, then its payment rows, then its shipment row. Every change to an order, its payments,
 * refunds or shipment starts here. Undefined when there is no such order.
 */
export async function lockOrder(tx: Database, orderId: string): Promise<LockedOrder | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return undefined;
  const paymentRows = await tx
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .for('update');
  const [shipment] = await tx.select().from(shipments).where(eq(shipments.orderId, orderId)).for('update');
  const paying = payingPayment(paymentRows);
  const [latestRefund] = paying
    ? await tx
        .select({ status: refunds.status })
        .from(refunds)
        .where(eq(refunds.paymentId, paying.id))
        .orderBy(desc(refunds.createdAt))
        .limit(1)
    : [];
  const state = orderStateOf(
    order,
    shipment,
    latestRefund?.status ?? null,
    await holdsStock(tx, orderId),
    await holdsAnything(tx, orderId),
  );
  return { tx, order, payments: paymentRows, shipment, state } as unknown as LockedOrder;
}

/** What the lifecycle would decide for the event now, without changing anything. */
export function previewOrderEvent(locked: LockedOrder, event: OrderEvent): Decision {
  return decide(locked.state, event);
}

function changesOf(orderId: string, before: OrderState, next: OrderState): StatusChange[] {
  const fields = ['status', 'paymentStatus', 'shipmentStage'] as const;
  return fields.map((field) => ({
    entity: 'order' as const,
    entityId: orderId,
    field,
    from: before[field],
    to: next[field] ?? '',
  }));
}

async function writeOrderState(tx: Database, locked: LockedOrder, next: OrderState, source: ChangeSource) {
  const before = locked.state;
  const couponUseChanged = before.couponUse !== next.couponUse;
  const advanceChanged = before.codAdvance !== next.codAdvance;
  const statusChanged = before.status !== next.status || before.paymentStatus !== next.paymentStatus;
  if (statusChanged || couponUseChanged || advanceChanged) {
    // docs/product.md#sales-charts: a COD order is paid when the courier collects its cash.
    const firstPaid =
      (next.paymentStatus === 'paid' || next.paymentStatus === 'collected') && !locked.order.paidAt;
    await tx
      .update(orders)
      .set({
        status: next.status,
        paymentStatus: next.paymentStatus,
        ...(firstPaid ? { paidAt: sql`now()` } : {}),
        ...(couponUseChanged ? { couponUse: next.couponUse } : {}),
        ...(advanceChanged ? { codAdvance: next.codAdvance } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, locked.order.id));
  }
  await recordChanges(
    tx,
    source,
    changesOf(locked.order.id, before, next).filter((change) => change.to !== ''),
  );
}

/** The ordered lines leave the shopper's cart once the order is paid. */
async function removeOrderedLinesFromCart(tx: Database, order: OrderRow) {
  // A detached order's shopper deleted their account, and their cart with it.
  if (order.userId === null) return;
  const userId = order.userId;
  // The code was used: it leaves the cart with the lines it paid for.
  if (order.couponCode !== null) {
    await tx.delete(carts).where(and(eq(carts.userId, userId), eq(carts.couponCode, order.couponCode)));
  }
  const items = await tx
    .select({ productId: orderItems.productId, size: orderItems.size })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  if (items.length === 0) return;
  await tx.delete(cartLines).where(
    and(
      eq(cartLines.userId, userId),
      inArray(
        sql`${cartLines.productId} || ':' || ${cartLines.size}`,
        items.map((item) => `${item.productId}:${item.size}`),
      ),
    ),
  );
}

async function runEffect(tx: Database, jobs: Pick<Jobs, 'send'>, order: OrderRow, effect: OrderEffect) {
  const orderId = order.id;
  switch (effect.type) {
    case 'clear_cart':
      return removeOrderedLinesFromCart(tx, order);
    case 'take_stock':
      return takeOrderStock(tx, jobs, orderId);
    case 'put_back_stock':
      return putBackOrderStock(tx, orderId);
    case 'release_holds':
      return releaseOrderHolds(tx, orderId);
    case 'consume_coupon_use':
      return order.couponId === null ? undefined : countCouponUse(tx, order.couponId, 1);
    case 'return_coupon_use':
      return order.couponId === null ? undefined : countCouponUse(tx, order.couponId, -1);
    case 'enqueue_shipment':
      return jobs.send(tx, jobQueues.createShipment, { orderId }, { singletonKey: orderId });
    case 'refund_order': {
      const delay = effect.delaySeconds ? { startAfterSeconds: effect.delaySeconds } : {};
      return jobs.send(tx, jobQueues.refundCancelledOrder, { orderId }, delay);
    }
    case 'refund_stray_payment': {
      const { paymentId, delaySeconds } = effect;
      // A retry is queued while the failing job may still be running: only the first is keyed.
      const options = delaySeconds ? { startAfterSeconds: delaySeconds } : { singletonKey: paymentId };
      return jobs.send(tx, jobQueues.refundStrayPayment, { paymentId }, options);
    }
    case 'send_email': {
      const { kind, refundId } = effect;
      return jobs.send(tx, jobQueues.sendOrderEmail, { orderId, kind, ...(refundId ? { refundId } : {}) });
    }
    case 'alert_new_order':
      return jobs.send(tx, jobQueues.alertNewOrder, { orderId }, { singletonKey: orderId });
    case 'flag_attention': {
      const [raised] = await tx
        .insert(orderAttention)
        .values({ orderId, reason: effect.reason })
        .onConflictDoNothing()
        .returning({ id: orderAttention.id });
      // Only a new flag is news to the staff (docs/product.md#staff-alerts).
      if (raised) await jobs.send(tx, jobQueues.alertAttention, { attentionId: raised.id });
      return;
    }
    case 'resolve_attention':
      await tx
        .update(orderAttention)
        .set({ resolvedAt: sql`now()` })
        .where(
          and(
            eq(orderAttention.orderId, orderId),
            eq(orderAttention.reason, effect.reason),
            isNull(orderAttention.resolvedAt),
          ),
        );
      return;
    case 'cancel_courier_order':
      // Not durable work: the flow that booked the parcel stops it before it lets go.
      return;
    case 'record_cod_confirmation':
    case 'issue_invoice':
    case 'issue_rto_credit_note':
      return runCodEffect(tx, orderId, effect);
    case 'record_charges':
      return recordCharges(tx, order);
    case 'record_collection':
      return recordCollection(tx, order, effect);
    case 'void_charges':
      return voidCharges(tx, orderId);
    case 'record_refund':
      return recordRefund(tx, orderId, effect.refundId);
  }
}

/** docs/product.md#cash-on-delivery: the COD effects, written in the transaction of the change. */
async function runCodEffect(tx: Database, orderId: string, effect: CodEffect) {
  switch (effect.type) {
    case 'record_cod_confirmation':
      await tx
        .update(orders)
        .set({ codConfirmedAt: sql`now()`, codConfirmedVia: effect.via, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId));
      return;
    case 'issue_invoice':
      await issueInvoice(tx, orderId, new Date());
      return;
    case 'issue_rto_credit_note':
      await issueRtoCreditNote(tx, orderId, new Date());
      return;
  }
}

/**
 * Applies the event to the locked order through the lifecycle: writes its new status, the status history and
 * the effects' jobs in the caller's transaction. A refused event changes nothing; the decision says why.
 */
export async function applyOrderEvent(
  locked: LockedOrder,
  jobs: Pick<Jobs, 'send'>,
  event: OrderEvent,
  source: ChangeSource,
): Promise<Decision> {
  const decision = decide(locked.state, event);
  if (decision.outcome === 'refused') return decision;
  const { tx } = locked;
  await writeOrderState(tx, locked, decision.next, source);
  for (const effect of decision.effects) await runEffect(tx, jobs, locked.order, effect);
  locked.state = decision.next;
  return decision;
}

/** Locks the order and applies one event in a transaction of its own. */
export async function transitionOrder(
  db: Database,
  jobs: Pick<Jobs, 'send'>,
  orderId: string,
  event: OrderEvent,
  source: ChangeSource,
): Promise<Decision | undefined> {
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    return locked ? applyOrderEvent(locked, jobs, event, source) : undefined;
  });
}

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

/** A row keyed by its columns' names, for `jsonb_populate_record` (undefined values left to their defaults). */
function byColumnName(table: typeof orders | typeof orderItems, row: Record<string, unknown>) {
  const columns: Record<string, { name: string }> = getTableColumns(table);
  return Object.fromEntries(
    Object.entries(row)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [columns[key]?.name ?? key, value]),
  );
}

function columnList(row: Record<string, unknown>) {
  return sql.join(
    Object.keys(row).map((name) => sql.identifier(name)),
    sql`, `,
  );
}

/**
 * A checkout's order, pending until it is paid (or, cash on delivery, confirmed), with its lines: two parts (`with` queries) of the one
 * statement that also holds its units (docs/architecture.md#holds), writing only when `when` holds, so the
 * order and its holds are made together or not at all, in one round trip.
 */
export function pendingOrderWrites(order: NewOrder & { id: string }, items: NewOrderItem[], when: SQL): SQL {
  // A cash-on-delivery order waits for its shopper's confirmation instead of a payment.
  const paymentStatus = order.paymentStatus === 'cod_due' ? 'cod_due' : 'pending';
  const orderRow = byColumnName(orders, { ...order, status: 'pending', paymentStatus });
  const itemRows = items.map((item) => byColumnName(orderItems, { ...item, orderId: order.id }));
  const [firstItem] = itemRows;
  if (!firstItem) throw new Error('an order has lines');
  return sql`made_order as (
      insert into ${orders} (${columnList(orderRow)})
      select ${columnList(orderRow)} from jsonb_populate_record(null::orders, ${JSON.stringify(orderRow)}::jsonb)
      where ${when}),
    made_items as (
      insert into ${orderItems} (${columnList(firstItem)})
      select ${columnList(firstItem)}
      from jsonb_populate_recordset(null::order_items, ${JSON.stringify(itemRows)}::jsonb)
      where ${when})`;
}

/**
 * The Razorpay order the pending order is paid through: the first one attached stays (two PLACE ORDERs of one
 * cart may each have made one). Returns the order's Razorpay order; undefined when the order is gone.
 */
export async function attachRazorpayOrder(
  db: Database,
  orderId: string,
  razorpayOrderId: string,
): Promise<string | undefined> {
  const [attached] = await db
    .update(orders)
    .set({ razorpayOrderId, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.razorpayOrderId)))
    .returning({ razorpayOrderId: orders.razorpayOrderId });
  if (attached) return razorpayOrderId;
  const [order] = await db
    .select({ razorpayOrderId: orders.razorpayOrderId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order?.razorpayOrderId ?? undefined;
}

/**
 * Razorpay never made the order's payment order: nothing was taken, and the checkout leaves no trace; what it
 * held goes back first.
 */
export async function discardUnpayableOrder(db: Database, orderId: string) {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending'), isNull(orders.razorpayOrderId)))
      .for('update');
    if (!order) return;
    await releaseOrderHolds(tx, orderId);
    await tx.delete(orders).where(eq(orders.id, orderId));
  });
}

/** The reconciler asked Razorpay about these orders now: the next run asks about the others first. */
export async function markPaymentChecked(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return;
  await db.update(orders).set({ paymentCheckedAt: sql`now()` }).where(inArray(orders.id, orderIds));
}

/**
 * docs/product.md#your-data: the shopper deleted their account; their orders stay (GST records) with the
 * address snapshot taken at checkout, but name nobody.
 */
export async function detachOrdersFromUser(tx: Database, userId: string) {
  await tx.update(orders).set({ userId: null, updatedAt: sql`now()` }).where(eq(orders.userId, userId));
}

// ---- Returns (docs/product.md#returns): the replacement order ----

/**
 * docs/product.md#returns: a replacement is a new order of the returned units at no charge, linked to the
 * order it replaces: its own OM number, paid (nothing is owed), no invoice (nothing is sold), its units taken
 * from the stock (the caller locked the products and checked they cover them) and its parcel booked as a
 * prepaid one by the shipment job. Returns the new order's id.
 */
export async function placeReplacementOrder(
  tx: Database,
  jobs: Pick<Jobs, 'send'>,
  original: OrderRow,
  lines: readonly { orderItemId: string; units: number }[],
  deliverTo: OrderRow['shippingAddress'],
): Promise<string> {
  const items = await tx
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.id,
        lines.map((line) => line.orderItemId),
      ),
    )
    .orderBy(asc(orderItems.id));
  const orderId = randomUUID();
  await tx.insert(orders).values({
    id: orderId,
    userId: original.userId,
    status: 'confirmed',
    paymentStatus: 'paid',
    mrpPaise: 0,
    subtotalPaise: 0,
    discountPaise: 0,
    shippingPaise: 0,
    taxPaise: 0,
    totalPaise: 0,
    cartFingerprint: `replacement:${original.id}:${orderId}`,
    paymentMethod: 'Replacement',
    contact: original.contact,
    shippingAddress: deliverTo,
    billingAddress: original.billingAddress,
    paidAt: sql`now()` as unknown as Date,
    replacementOfOrderId: original.id,
  });
  await tx.insert(orderItems).values(
    items.map((item) => {
      const units = lines.find((line) => line.orderItemId === item.id)?.units ?? 0;
      const { id: _id, orderId: _orderId, ...copied } = item;
      return {
        ...copied,
        orderId,
        quantity: units,
        unitPricePaise: 0,
        discountPercent: 100,
        couponSharePaise: 0,
        prepaidSharePaise: 0,
      };
    }),
  );
  await recordChanges(tx, 'shop', [
    { entity: 'order', entityId: orderId, field: 'status', from: null, to: 'confirmed' },
    { entity: 'order', entityId: orderId, field: 'paymentStatus', from: null, to: 'paid' },
  ]);
  await takeOrderStock(tx, jobs, orderId);
  await jobs.send(tx, jobQueues.createShipment, { orderId }, { singletonKey: orderId });
  return orderId;
}
