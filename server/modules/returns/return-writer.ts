import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  orderAttention,
  orderItems,
  products,
  returnEvents,
  returnLines,
  returnPhotos,
  returnRefunds,
  returns,
  stockMovements,
} from '../../db/schema';
import { type Jobs, jobQueues } from '../../job-queues';
import { issueCreditNote } from '../invoices/issue-documents';
import { type LockedOrder, lockOrder, placeReplacementOrder } from '../orders/order-writer';
import { noteStockChanged } from '../stock/low-stock';
import { lockProducts, unitsByProduct } from '../stock/product-locks';
import {
  decide,
  type ReturnDecision,
  type ReturnEffect,
  type ReturnEvent,
  type ReturnState,
} from './return-lifecycle';

// The one writer of a return's row (docs/architecture.md#returns): under its order's locks, then the return's,
// it applies return-lifecycle.ts's decision, writes the timeline and runs the effects, all in the caller's
// transaction. No other file writes the returns table's status.

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect & {
  productId: number;
  title: string;
  size: string;
  sku: string;
  image: string;
};

export type ReturnSource = 'shopper' | 'shop' | 'webhook' | 'system';

export interface ReturnActor {
  source: ReturnSource;
  staffId?: string | null;
  detail?: string | null;
}

/** A return whose order rows and own row the transaction holds locked; only `lockReturn` makes one. */
export interface LockedReturn {
  readonly order: LockedOrder;
  row: ReturnRow;
  readonly lines: readonly ReturnLineRow[];
  state: ReturnState;
}

export function returnStateOf(row: ReturnRow): ReturnState {
  return {
    status: row.status,
    resolution: row.resolution,
    refundPaise: row.refundPaise,
    units: row.units,
    stockSettled: row.stockSettled,
    refundAttempts: row.refundAttempts,
  };
}

export async function linesOfReturn(db: Database, returnId: string): Promise<ReturnLineRow[]> {
  const rows = await db
    .select({
      line: returnLines,
      productId: orderItems.productId,
      title: orderItems.title,
      size: orderItems.size,
      sku: orderItems.sku,
      image: orderItems.image,
    })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(eq(returnLines.returnId, returnId))
    .orderBy(asc(orderItems.id));
  return rows.map(({ line, ...item }) => ({ ...line, ...item }));
}

/** Locks the return's order (lockOrder: order, payments, shipment), then the return. */
export async function lockReturn(tx: Database, returnId: string): Promise<LockedReturn | undefined> {
  const [found] = await tx.select({ orderId: returns.orderId }).from(returns).where(eq(returns.id, returnId));
  if (!found) return undefined;
  const order = await lockOrder(tx, found.orderId);
  if (!order) return undefined;
  return lockReturnOf(order, returnId);
}

/** The return of an order the transaction already holds locked. */
export async function lockReturnOf(order: LockedOrder, returnId: string): Promise<LockedReturn | undefined> {
  const [row] = await order.tx
    .select()
    .from(returns)
    .where(and(eq(returns.id, returnId), eq(returns.orderId, order.order.id)))
    .for('update');
  if (!row) return undefined;
  return { order, row, lines: await linesOfReturn(order.tx, returnId), state: returnStateOf(row) };
}

/** What the lifecycle would decide now, changing nothing. */
export function previewReturnEvent(locked: LockedReturn, event: ReturnEvent): ReturnDecision {
  return decide(locked.state, event);
}

/** The key Razorpay (or the payout) gets for a return's refund attempt: every retry of it asks for the same one. */
export function returnRefundKey(returnId: string, attempt: number): string {
  return `return-${returnId}-${attempt}`;
}

async function moveReturnedStock(locked: LockedReturn, effect: ReturnEffect & { units: number }) {
  const { tx } = locked.order;
  const byProduct = unitsByProduct(
    locked.lines.map((line) => ({ productId: line.productId, quantity: line.units })),
  );
  await lockProducts(tx, [...byProduct.keys()]);
  const base = { orderId: locked.row.orderId, returnId: locked.row.id };
  for (const [productId, units] of byProduct) {
    // The unique (return, product, reason) index makes a second run move nothing.
    const [back] = await tx
      .insert(stockMovements)
      .values({ ...base, productId, delta: units, reason: 'return' })
      .onConflictDoNothing()
      .returning({ id: stockMovements.id });
    if (!back) continue;
    if (effect.type === 'restock_units') {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${units}`, updatedAt: sql`now()` })
        .where(eq(products.id, productId));
      await noteStockChanged(tx, productId);
    } else {
      await tx.insert(stockMovements).values({ ...base, productId, delta: -units, reason: 'write_off' });
    }
  }
}

async function flagAttention(locked: LockedReturn, jobs: Pick<Jobs, 'send'>, reason: ReturnEffect) {
  if (reason.type !== 'flag_attention') return;
  const [raised] = await locked.order.tx
    .insert(orderAttention)
    .values({ orderId: locked.row.orderId, reason: reason.reason, details: { returnId: locked.row.id } })
    .onConflictDoNothing()
    .returning({ id: orderAttention.id });
  if (raised) await jobs.send(locked.order.tx, jobQueues.alertAttention, { attentionId: raised.id });
}

async function issueReturnCreditNote(locked: LockedReturn) {
  const { tx } = locked.order;
  const [refund] = await tx
    .select()
    .from(returnRefunds)
    .where(and(eq(returnRefunds.returnId, locked.row.id), eq(returnRefunds.status, 'processed')))
    .orderBy(asc(returnRefunds.attempt))
    .limit(1);
  // A payout's credit note is issued by the payout's own flow (docs/architecture.md#returns).
  if (!refund?.razorpayRefundId) return;
  await issueCreditNote(
    tx,
    {
      orderId: locked.row.orderId,
      razorpayRefundId: refund.razorpayRefundId,
      amountPaise: refund.amountPaise,
    },
    new Date(),
  );
}

async function runEffect(locked: LockedReturn, jobs: Pick<Jobs, 'send'>, effect: ReturnEffect) {
  const { tx } = locked.order;
  const returnId = locked.row.id;
  switch (effect.type) {
    case 'book_pickup':
      return jobs.send(tx, jobQueues.bookReturnPickup, { returnId }, { singletonKey: returnId });
    case 'restock_units':
    case 'write_off_units':
      return moveReturnedStock(locked, effect);
    case 'refund': {
      const cod = locked.order.order.paymentMethod === 'COD';
      await tx
        .insert(returnRefunds)
        .values({
          returnId,
          attempt: effect.attempt,
          idempotencyKey: returnRefundKey(returnId, effect.attempt),
          method: cod ? 'payout' : 'razorpay',
          amountPaise: effect.amountPaise,
          status: 'pending',
        })
        .onConflictDoNothing();
      // Durable: the action asks the provider at once; the job does it if that call is lost.
      return jobs.send(
        tx,
        jobQueues.refundReturn,
        { returnId },
        { singletonKey: returnRefundKey(returnId, effect.attempt), startAfterSeconds: 60 },
      );
    }
    case 'issue_credit_note':
      return issueReturnCreditNote(locked);
    case 'send_message':
      return jobs.send(tx, jobQueues.sendReturnMessage, { returnId, kind: effect.kind });
    case 'create_replacement_order': {
      if (locked.row.replacementOrderId) return;
      const replacementId = await placeReplacementOrder(
        tx,
        jobs,
        locked.order.order,
        locked.lines.map((line) => ({ orderItemId: line.orderItemId, units: line.units })),
        locked.row.pickupAddress,
      );
      await tx.update(returns).set({ replacementOrderId: replacementId }).where(eq(returns.id, returnId));
      locked.row = { ...locked.row, replacementOrderId: replacementId };
      return;
    }
    case 'flag_attention':
      return flagAttention(locked, jobs, effect);
    case 'resolve_attention':
      await tx
        .update(orderAttention)
        .set({ resolvedAt: sql`now()` })
        .where(
          and(
            eq(orderAttention.orderId, locked.row.orderId),
            eq(orderAttention.reason, effect.reason),
            isNull(orderAttention.resolvedAt),
          ),
        );
      return;
  }
}

/** Row fields an event sets besides what the lifecycle decides (the pickup's AWB, the quality check...). */
export type ReturnRowPatch = Partial<
  Pick<
    ReturnRow,
    | 'quality'
    | 'refusalReason'
    | 'receivedAt'
    | 'shiprocketOrderId'
    | 'shiprocketShipmentId'
    | 'awbCode'
    | 'courierName'
    | 'parcelStage'
    | 'parcelStatusLabel'
    | 'pickupBookedAt'
    | 'lastTrackedAt'
  >
>;

/**
 * Applies the event to the locked return through its lifecycle: its new status, the timeline row and the
 * effects, in the caller's transaction. A refused event changes nothing; the decision says why. `patch` is
 * written only when the event is applied and changes the status.
 */
export async function applyReturnEvent(
  locked: LockedReturn,
  jobs: Pick<Jobs, 'send'>,
  event: ReturnEvent,
  actor: ReturnActor,
  patch: ReturnRowPatch = {},
): Promise<ReturnDecision> {
  const decision = decide(locked.state, event);
  if (decision.outcome === 'refused') return decision;
  const { tx } = locked.order;
  const before = locked.state;
  const next = decision.next;
  const moved = before.status !== next.status;
  const changed =
    moved || before.stockSettled !== next.stockSettled || before.refundAttempts !== next.refundAttempts;
  if (changed || Object.keys(patch).length > 0) {
    const [row] = await tx
      .update(returns)
      .set({
        status: next.status,
        stockSettled: next.stockSettled,
        refundAttempts: next.refundAttempts,
        ...(moved ? patch : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(returns.id, locked.row.id))
      .returning();
    if (row) locked.row = row;
  }
  if (moved) {
    await tx.insert(returnEvents).values({
      returnId: locked.row.id,
      event: event.type,
      fromStatus: before.status,
      toStatus: next.status,
      source: actor.source,
      staffId: actor.staffId ?? null,
      detail: actor.detail ?? null,
    });
  }
  locked.state = next;
  for (const effect of decision.effects) await runEffect(locked, jobs, effect);
  return decision;
}

export interface NewReturn {
  id: string;
  userId: string | null;
  reason: ReturnRow['reason'];
  resolution: ReturnRow['resolution'];
  note: string;
  paidPaise: number;
  deductionPaise: number;
  refundPaise: number;
  upiId: string | null;
  pickupAddress: ReturnRow['pickupAddress'];
  requestKey: string;
  lines: { orderItemId: string; units: number; paidPaise: number }[];
  photoIds: string[];
}

/**
 * Writes a shopper's accepted request (the caller checked it under the order's locks) as a `requested` return
 * with its lines and photos, through the lifecycle's `request` event.
 */
export async function createReturn(
  order: LockedOrder,
  jobs: Pick<Jobs, 'send'>,
  request: NewReturn,
): Promise<ReturnDecision> {
  const units = request.lines.reduce((sum, line) => sum + line.units, 0);
  const decision = decide(undefined, {
    type: 'request',
    resolution: request.resolution,
    refundPaise: request.refundPaise,
    units,
  });
  if (decision.outcome === 'refused') return decision;
  const { tx } = order;
  await tx.insert(returns).values({
    id: request.id,
    orderId: order.order.id,
    userId: request.userId,
    status: decision.next.status,
    resolution: request.resolution,
    reason: request.reason,
    note: request.note,
    paidPaise: request.paidPaise,
    deductionPaise: request.deductionPaise,
    refundPaise: request.refundPaise,
    units,
    upiId: request.upiId,
    pickupAddress: request.pickupAddress,
    requestKey: request.requestKey,
  });
  await tx.insert(returnLines).values(request.lines.map((line) => ({ ...line, returnId: request.id })));
  if (request.photoIds.length > 0) {
    await tx
      .update(returnPhotos)
      .set({ returnId: request.id })
      .where(and(eq(returnPhotos.orderId, order.order.id), inArray(returnPhotos.id, request.photoIds)));
  }
  await tx.insert(returnEvents).values({
    returnId: request.id,
    event: 'request',
    fromStatus: null,
    toStatus: decision.next.status,
    source: 'shopper',
  });
  const locked = await lockReturnOf(order, request.id);
  if (!locked) throw new Error('the return just written is not there');
  for (const effect of decision.effects) await runEffect(locked, jobs, effect);
  return decision;
}

/** The reverse pickup's latest tracking, whatever it does to the status (scans are stored as labels only). */
export async function recordReturnTracking(
  locked: LockedReturn,
  tracking: Pick<ReturnRowPatch, 'parcelStage' | 'parcelStatusLabel' | 'awbCode' | 'courierName'>,
) {
  const [row] = await locked.order.tx
    .update(returns)
    .set({ ...tracking, lastTrackedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(returns.id, locked.row.id))
    .returning();
  if (row) locked.row = row;
}
