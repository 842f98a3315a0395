import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { deliveryAddressProblem } from '../../contracts/address';
import { indianStates } from '../../contracts/india-states';
import { courierPhoneOf, missingReturnAddress } from '../../contracts/missing-seller-details';
import {
  MAX_RETURN_PHOTOS,
  type ReturnRequestBody,
  type ReturnStatus,
  type ReturnView,
  returnMessages,
  returnReplies,
  UPI_ID_PATTERN,
} from '../../contracts/returns';
import type { Database } from '../db/client';
import { returnEvents, returnPhotos, returnRefunds, returns } from '../db/schema';
import { AppError } from '../errors';
import { refundablePaiseOf } from '../modules/admin-orders/order-detail';
import type { StaffActor } from '../modules/audit/audit-log';
import { recordAudit } from '../modules/audit/audit-log';
import { lockOrder, previewOrderEvent } from '../modules/orders/order-writer';
import { lookUpPincode } from '../modules/pincode-directory/directory';
import { checkReturnRequest } from '../modules/returns/return-eligibility';
import {
  type QualityCheck,
  type ReturnEvent,
  type ReturnRefusal,
  returnRefusalMessages,
} from '../modules/returns/return-lifecycle';
import type { PhotoReader } from '../modules/returns/return-photos';
import { earlierReturnsOf, readReturnSettings, returnableOrderOf } from '../modules/returns/return-records';
import { toReturnView } from '../modules/returns/return-view';
import {
  applyReturnEvent,
  createReturn,
  type LockedReturn,
  lockReturn,
  type ReturnActor,
  type ReturnRowPatch,
} from '../modules/returns/return-writer';
import { readShopSettings } from '../modules/shop-settings/read-shop-settings';
import { lockProducts, unitsByProduct } from '../modules/stock/product-locks';
import { ShiprocketError } from '../providers/shiprocket/client';
import { type ReturnBooking, returnOrderInput } from '../providers/shiprocket/returns';
import type { ReturnDeps } from './deps';
import { runReturnRefund } from './return-refunds';

// docs/product.md#returns: the shopper's request and the owner's actions on a return. Each runs under the
// order's locks, then the return's, through the return writer (return-lifecycle.ts decides); every owner
// action writes its audit row in the same transaction. The provider calls (Razorpay or the payout, Shiprocket)
// happen after the commit, from what the transaction recorded, so they can be repeated safely.

export type { ReturnDeps };

const notFound = () => new AppError('not_found', returnMessages.notFound);

function refusal(reason: ReturnRefusal): AppError {
  return new AppError('conflict', returnRefusalMessages[reason]);
}

// ---- The shopper ----

export interface ReturnRequest {
  orderId: string;
  userId: string;
  body: ReturnRequestBody;
  requestKey: string;
  now?: Date;
}

async function photosOfRequest(tx: Database, orderId: string, photoIds: readonly string[]) {
  const unique = [...new Set(photoIds)];
  if (unique.length > MAX_RETURN_PHOTOS) throw new AppError('invalid', returnMessages.tooManyPhotos);
  if (unique.length === 0) return unique;
  const found = await tx
    .select({ id: returnPhotos.id })
    .from(returnPhotos)
    .where(
      and(
        eq(returnPhotos.orderId, orderId),
        isNull(returnPhotos.returnId),
        inArray(
          returnPhotos.id,
          unique.filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
        ),
      ),
    );
  if (found.length !== unique.length) throw new AppError('invalid', returnReplies.photoUnknown);
  return unique;
}

/**
 * A shopper asks to return units of their delivered order. Checked under the order's locks against its
 * earlier returns, so two requests at once cannot return the same unit twice; the same Idempotency-Key again
 * answers with the return the first made.
 */
export async function requestReturn(deps: ReturnDeps, request: ReturnRequest): Promise<ReturnView> {
  const { orderId, userId, body } = request;
  const returnId = await deps.db.transaction(async (tx) => {
    const locked = /^[0-9a-f-]{36}$/i.test(orderId) ? await lockOrder(tx, orderId) : undefined;
    if (!locked || locked.order.userId !== userId)
      throw new AppError('not_found', returnReplies.orderNotFound);
    const [earlier] = await tx
      .select({ id: returns.id })
      .from(returns)
      .where(and(eq(returns.orderId, orderId), eq(returns.requestKey, request.requestKey)));
    if (earlier) return earlier.id;
    const settings = await readReturnSettings(tx);
    const checked = checkReturnRequest(
      await returnableOrderOf(tx, locked.order),
      await earlierReturnsOf(tx, orderId),
      {
        lines: body.lines,
        reason: body.reason,
        resolution: body.resolution,
        photos: new Set(body.photoIds).size,
        note: body.note ?? '',
      },
      settings,
      request.now ?? new Date(),
    );
    if (!checked.ok) throw new AppError('unprocessable', checked.message);
    const cod = locked.order.paymentMethod === 'COD';
    const upiId = body.upiId?.trim() ?? '';
    if (cod && body.resolution === 'refund' && !UPI_ID_PATTERN.test(upiId)) {
      throw new AppError('invalid', returnMessages.upiInvalid);
    }
    const photoIds = await photosOfRequest(tx, orderId, body.photoIds);
    // Another pickup address keeps the delivery address's rules (docs/product.md#delivery-address).
    if (body.pickupAddress) {
      const contact = locked.order.contact;
      const problem = deliveryAddressProblem(
        { ...body.pickupAddress, mobile: contact.deliveryPhone ?? contact.phone },
        lookUpPincode,
      );
      if (problem) throw new AppError('invalid', problem);
    }
    const id = randomUUID();
    const decision = await createReturn(locked, deps.jobs, {
      id,
      userId,
      reason: body.reason ?? 'other',
      resolution: body.resolution,
      note: (body.note ?? '').trim(),
      paidPaise: checked.paidPaise,
      deductionPaise: checked.deductionPaise,
      refundPaise: checked.refundPaise,
      upiId: cod && body.resolution === 'refund' ? upiId : null,
      pickupAddress: body.pickupAddress ?? locked.order.shippingAddress,
      requestKey: request.requestKey,
      lines: checked.lines.map((line) => ({
        orderItemId: line.lineId,
        units: line.units,
        paidPaise: line.paidPaise,
      })),
      photoIds,
    });
    if (decision.outcome === 'refused') throw refusal(decision.reason);
    return id;
  });
  return viewOf(deps.db, returnId, 'shopper');
}

async function viewOf(db: Database, returnId: string, reader: PhotoReader): Promise<ReturnView> {
  const [row] = await db.select().from(returns).where(eq(returns.id, returnId));
  if (!row) throw notFound();
  return toReturnView(db, row, reader);
}

// ---- The owner ----

export type ReturnAction =
  | { type: 'approve' }
  | { type: 'refuse'; reason: string }
  | { type: 'approve_without_pickup' }
  | { type: 'receive'; quality: QualityCheck }
  | { type: 'refund' }
  | { type: 'send_replacement' }
  | { type: 'close' };

const actionReplies: Record<ReturnAction['type'], string> = {
  approve: returnReplies.approved,
  refuse: returnReplies.refused,
  approve_without_pickup: returnReplies.settledWithoutPickup,
  receive: returnReplies.received,
  refund: returnReplies.refundStarted,
  send_replacement: returnReplies.replacementSent,
  close: returnReplies.closed,
};

/** Whether the stock (locked now, after the return's rows) covers the return's units for a replacement. */
async function stockCovers(locked: LockedReturn): Promise<boolean> {
  const needed = unitsByProduct(
    locked.lines.map((line) => ({ productId: line.productId, quantity: line.units })),
  );
  const rows = await lockProducts(locked.order.tx, [...needed.keys()]);
  return rows.every((product) => product.stock >= (needed.get(product.id) ?? 0));
}

/**
 * What a prepaid order can still give back through Razorpay: the payment less its refunds, less the return
 * refund attempts decided and not yet answered (they are on their way to Razorpay).
 */
async function refundableNow(locked: LockedReturn): Promise<number> {
  const { tx } = locked.order;
  const paying = locked.order.payments.find((row) => row.status === 'captured' || row.status === 'refunded');
  if (!paying) return 0;
  const [{ unanswered } = { unanswered: 0 }] = await tx
    .select({ unanswered: sql<number>`coalesce(sum(${returnRefunds.amountPaise}), 0)::int` })
    .from(returnRefunds)
    .innerJoin(returns, eq(returns.id, returnRefunds.returnId))
    .where(
      and(
        eq(returns.orderId, locked.row.orderId),
        eq(returnRefunds.status, 'pending'),
        isNull(returnRefunds.razorpayRefundId),
      ),
    );
  return (await refundablePaiseOf(tx, paying.id, paying.amountPaise)) - Number(unanswered);
}

/** A prepaid refund must fit in what the payment can still give back (the order lifecycle's rule). */
async function checkRefundable(locked: LockedReturn) {
  if (locked.order.order.paymentMethod === 'COD') return;
  const event = {
    type: 'refund_requested' as const,
    amountPaise: locked.row.refundPaise,
    refundablePaise: await refundableNow(locked),
  };
  const decision = previewOrderEvent(locked.order, event);
  if (decision.outcome === 'refused') throw new AppError('conflict', returnMessages.finished);
}

async function eventOf(locked: LockedReturn, action: ReturnAction): Promise<ReturnEvent> {
  switch (action.type) {
    case 'approve':
    case 'refuse':
    case 'close':
      return { type: action.type };
    case 'approve_without_pickup':
      if (locked.state.resolution === 'refund') {
        await checkRefundable(locked);
        return { type: 'approve_without_pickup', stockCovered: true };
      }
      return { type: 'approve_without_pickup', stockCovered: await stockCovers(locked) };
    case 'receive':
      return { type: 'received', quality: action.quality };
    case 'refund':
      if (locked.state.resolution === 'refund') await checkRefundable(locked);
      return { type: 'refund_requested' };
    case 'send_replacement':
      return { type: 'replacement_sent', stockCovered: await stockCovers(locked) };
  }
}

function patchOf(action: ReturnAction): ReturnRowPatch {
  if (action.type === 'refuse') return { refusalReason: action.reason };
  if (action.type === 'receive') return { quality: action.quality, receivedAt: new Date() };
  return {};
}

/** The actions that finish a return in each final status: repeating them is harmless, any other is refused. */
const FINISHING_ACTIONS: Partial<Record<ReturnStatus, ReturnAction['type'][]>> = {
  refused: ['refuse'],
  refunded: ['refund', 'approve_without_pickup'],
  replacement_shipped: ['send_replacement', 'approve_without_pickup'],
  closed: ['close'],
};

/**
 * An owner's action on a return, through its lifecycle under the locks, audited in the same transaction.
 * Repeating an action that is done changes nothing. After the commit, a refund decided is asked of its
 * provider and a pickup decided is booked (each also queued as a job, in case this call is lost).
 */
export async function actOnReturn(
  deps: ReturnDeps,
  returnId: string,
  action: ReturnAction,
  actor: StaffActor,
): Promise<{ message: string; return: ReturnView }> {
  if (!/^[0-9a-f-]{36}$/i.test(returnId)) throw notFound();
  const effects = await deps.db.transaction(async (tx) => {
    const locked = await lockReturn(tx, returnId);
    if (!locked) throw notFound();
    const before = { status: locked.state.status };
    const event = await eventOf(locked, action);
    const who: ReturnActor = {
      source: 'shop',
      staffId: actor.staffId,
      detail: action.type === 'refuse' ? action.reason : null,
    };
    const decision = await applyReturnEvent(locked, deps.jobs, event, who, patchOf(action));
    if (decision.outcome === 'refused') throw refusal(decision.reason);
    // Thrown inside the transaction: the approval is undone with its queued booking.
    if (decision.effects.some((effect) => effect.type === 'book_pickup')) {
      const missing = missingReturnAddress(await readShopSettings(tx));
      if (missing.length > 0) throw new AppError('conflict', returnMessages.returnAddressMissing(missing));
    }
    // A repeat (a double click) answers as the first did; another action on a finished return is refused.
    const finishedBy = FINISHING_ACTIONS[before.status];
    if (finishedBy && !finishedBy.includes(action.type)) throw refusal('finished');
    await recordAudit(tx, {
      staffId: actor.staffId,
      action: `return.${action.type}`,
      entityType: 'return',
      entityId: returnId,
      before,
      after: { status: locked.state.status, ...(action.type === 'refuse' ? { reason: action.reason } : {}) },
      ipAddress: actor.ipAddress,
    });
    return decision.effects.map((effect) => effect.type);
  });
  let message = actionReplies[action.type];
  if (effects.includes('book_pickup')) await bookPickupQuietly(deps, returnId);
  if (effects.includes('refund')) message = await refundAfterCommit(deps, returnId, message);
  return { message, return: await viewOf(deps.db, returnId, 'staff') };
}

async function refundAfterCommit(deps: ReturnDeps, returnId: string, message: string): Promise<string> {
  try {
    const outcome = await runReturnRefund(deps, returnId);
    if (outcome !== 'failed') return message;
    const [row] = await deps.db
      .select({ method: returnRefunds.method })
      .from(returnRefunds)
      .where(eq(returnRefunds.returnId, returnId))
      .orderBy(sql`${returnRefunds.attempt} desc`)
      .limit(1);
    return row?.method === 'payout' ? returnReplies.payoutFailed : returnReplies.refundRefused;
  } catch (error) {
    // The refund stays decided: its job asks again with the same key.
    deps.log.warn({ err: error, returnId }, 'return refund not asked yet');
    return returnReplies.providerUnavailable;
  }
}

async function bookPickupQuietly(deps: ReturnDeps, returnId: string) {
  try {
    await bookReturnPickupFor(deps, returnId);
  } catch (error) {
    // Shiprocket unreachable: the queued job books it when it is back.
    deps.log.warn({ err: error, returnId }, 'reverse pickup not booked yet');
  }
}

// ---- The reverse pickup ----

function stateNameOf(code: string): string {
  return indianStates.find((state) => state.code === code)?.name ?? '';
}

/**
 * The booking's id at Shiprocket: the return's for its first pickup, `{id}-{n}` for the n-th after failed ones,
 * so a new booking is never taken for the failed one (whose return order Shiprocket keeps).
 */
async function bookingIdOf(tx: Database, returnId: string): Promise<string> {
  const [{ rebooked } = { rebooked: 0 }] = await tx
    .select({ rebooked: sql<number>`count(*)::int` })
    .from(returnEvents)
    .where(
      and(
        eq(returnEvents.returnId, returnId),
        eq(returnEvents.event, 'approve'),
        eq(returnEvents.fromStatus, 'pickup_failed'),
      ),
    );
  return Number(rebooked) === 0 ? returnId : `${returnId}-${Number(rebooked) + 1}`;
}

/** The booking, or what the settings lack for the seller's end of it (never an address made up). */
async function bookingOf(
  deps: ReturnDeps,
  locked: LockedReturn,
): Promise<{ booking: ReturnBooking } | { missing: string[] }> {
  const { row } = locked;
  const order = locked.order.order;
  const shop = await readShopSettings(locked.order.tx);
  const missing = missingReturnAddress(shop);
  if (missing.length > 0) return { missing };
  const address = row.pickupAddress;
  const booking: ReturnBooking = {
    returnId: await bookingIdOf(locked.order.tx, row.id),
    requestedAt: row.createdAt,
    reason: row.reason,
    shopper: {
      name: `${address.firstName} ${address.lastName}`.trim(),
      address: `${address.houseName}, ${address.streetArea}`,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
      phone: order.contact.deliveryPhone ?? order.contact.phone,
      email: order.contact.email || deps.careEmail,
    },
    // docs/product.md#returns: the return comes back to the seller's address in the settings.
    brand: {
      name: shop.legalName,
      address: [shop.addressLine1, shop.addressLine2].filter(Boolean).join(', '),
      city: shop.city,
      state: stateNameOf(shop.stateCode),
      pincode: shop.pincode,
      phone: courierPhoneOf(shop.carePhone) ?? '',
      ...(shop.careEmail ? { email: shop.careEmail } : {}),
    },
    items: locked.lines.map((line) => ({
      name: `${line.title} (${line.size})`,
      sku: line.sku,
      units: line.units,
      valuePaise: line.paidPaise,
    })),
    parcel: { lengthCm: 25, breadthCm: 20, heightCm: 5, weightKg: 0.5 },
  };
  return { booking };
}

/**
 * The `return.book-pickup` job: books the approved return's reverse pickup through Shiprocket's return orders
 * (a repeated call finds the first booking), then records the AWB (`pickup_booked`) or, when Shiprocket
 * refuses it, `pickup_failed`. Throws while Shiprocket is unreachable; the job retries.
 */
export async function bookReturnPickupFor(deps: ReturnDeps, returnId: string): Promise<void> {
  const prepared = await deps.db.transaction(async (tx) => {
    const locked = await lockReturn(tx, returnId);
    if (locked?.state.status !== 'approved') return undefined;
    return bookingOf(deps, locked);
  });
  if (!prepared) return;
  const outcome =
    'missing' in prepared
      ? // The seller's details were emptied after the approval: the pickup fails saying why, for the owner to
        // book again once they are filled in.
        {
          event: { type: 'pickup_failed' } as const,
          patch: {},
          detail: returnMessages.returnAddressMissing(prepared.missing),
        }
      : await askForPickup(deps, returnId, prepared.booking);
  await deps.db.transaction(async (tx) => {
    const locked = await lockReturn(tx, returnId);
    if (!locked) return;
    await applyReturnEvent(
      locked,
      deps.jobs,
      outcome.event,
      { source: 'system', detail: outcome.detail },
      outcome.patch,
    );
  });
}

async function askForPickup(
  deps: ReturnDeps,
  returnId: string,
  booking: ReturnBooking,
): Promise<{ event: ReturnEvent; patch: ReturnRowPatch; detail: string | null }> {
  try {
    const booked = await deps.shiprocket.client.bookReturnPickup(returnOrderInput(booking));
    return {
      event: { type: 'pickup_booked' },
      patch: {
        shiprocketOrderId: String(booked.shiprocketOrderId),
        shiprocketShipmentId: String(booked.shipmentId),
        awbCode: booked.awbCode,
        courierName: booked.courierName,
        parcelStage: 'pickup_scheduled',
        parcelStatusLabel: 'AWB ASSIGNED',
        pickupBookedAt: new Date(),
      },
      detail: null,
    };
  } catch (error) {
    if (!(error instanceof ShiprocketError) || error.kind === 'unavailable') throw error;
    deps.log.warn({ err: error, returnId }, 'Shiprocket refused the reverse pickup');
    return {
      event: { type: 'pickup_failed' },
      patch: {},
      detail: `Shiprocket refused the pickup: ${error.message}`.slice(0, 300),
    };
  }
}

// ---- Sweeps ----

/** A booked pickup not collected after this many days needs the owner (docs/product.md#returns-attention). */
export const RETURN_PICKUP_OVERDUE_DAYS = 3;
/** A received return neither refunded nor replaced after this long needs the owner. */
export const RETURN_SETTLEMENT_OVERDUE_HOURS = 24;

async function applyToEach(deps: ReturnDeps, ids: readonly string[], event: ReturnEvent) {
  for (const id of ids) {
    await deps.db.transaction(async (tx) => {
      const locked = await lockReturn(tx, id);
      if (locked) await applyReturnEvent(locked, deps.jobs, event, { source: 'system' });
    });
  }
  return ids.length;
}

/** Flags returns whose pickup is overdue, or that were received and not settled; books approved ones left unbooked. */
export async function sweepReturns(
  deps: ReturnDeps,
): Promise<{ overdue: number; unsettled: number; booked: number }> {
  const overdue = await deps.db
    .select({ id: returns.id })
    .from(returns)
    .where(
      and(
        eq(returns.status, 'pickup_booked'),
        lt(returns.pickupBookedAt, sql`now() - make_interval(days => ${RETURN_PICKUP_OVERDUE_DAYS}::int)`),
      ),
    )
    .limit(200);
  const unsettled = await deps.db
    .select({ id: returns.id })
    .from(returns)
    .where(
      and(
        eq(returns.status, 'received'),
        lt(returns.receivedAt, sql`now() - make_interval(hours => ${RETURN_SETTLEMENT_OVERDUE_HOURS}::int)`),
      ),
    )
    .limit(200);
  const unbooked = await deps.db
    .select({ id: returns.id })
    .from(returns)
    .where(and(eq(returns.status, 'approved'), lt(returns.updatedAt, sql`now() - interval '10 minutes'`)))
    .limit(50);
  let booked = 0;
  for (const { id } of unbooked) {
    try {
      await bookReturnPickupFor(deps, id);
      booked += 1;
    } catch (error) {
      deps.log.warn({ err: error, returnId: id }, 'reverse pickup still not booked');
      break;
    }
  }
  return {
    overdue: await applyToEach(
      deps,
      overdue.map((row) => row.id),
      { type: 'pickup_overdue' },
    ),
    unsettled: await applyToEach(
      deps,
      unsettled.map((row) => row.id),
      { type: 'settlement_overdue' },
    ),
    booked,
  };
}
