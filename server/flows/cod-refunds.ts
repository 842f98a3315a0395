import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  type CodPayoutStatus,
  codMoneyMessages,
  type RefundPaidElsewhereWay,
  refundPaidElsewhereWayLabels,
  VPA_PATTERN,
} from '../../contracts/cod-money';
import { formatRupeesExact } from '../../contracts/format';
import type { Database } from '../db/client';
import { codPayouts, codRefundsPaidElsewhere } from '../db/schema';
import { AppError } from '../errors';
import type { Jobs } from '../job-queues';
import { recordAudit } from '../modules/audit/audit-log';
import {
  codRefundedPaise,
  collectedPaiseOf,
  isCod,
  PAYOUT_STATUSES_WITHOUT_MONEY,
  stalePayouts,
} from '../modules/cod-money/cod-order-money';
import { codRefundMessageId } from '../modules/cod-money/cod-refund-messages';
import type { ChangeSource } from '../modules/history/status-history';
import { creditNoteReasons, issueCreditNote } from '../modules/invoices/issue-documents';
import { isOrderId, orderNumberOf } from '../modules/orders/order-view';
import {
  applyOrderEvent,
  type LockedOrder,
  lockOrder,
  previewOrderEvent,
} from '../modules/orders/order-writer';
import type { RazorpayXGateway } from '../modules/payments/razorpayx-gateway';
import { RazorpayXError } from '../providers/razorpayx/client';
import type { RazorpayXPayout } from '../providers/razorpayx/types';

// docs/product.md#cod-refunds; docs/architecture.md#payouts: a COD order's cash cannot go back to a card. The
// shop pays it to the shopper's UPI ID through RazorpayX, or the owner records a refund paid another way; both
// under the order's locks, through the lifecycle, with a GST credit note once the money reached the shopper.

export interface CodRefundDeps {
  db: Database;
  jobs: Pick<Jobs, 'send'>;
  /** Undefined while RazorpayX is not configured (a production shop before it offers COD). */
  razorpayx: RazorpayXGateway | undefined;
  log: FastifyBaseLogger;
}

export function codRefundDeps(app: FastifyInstance): CodRefundDeps {
  return { db: app.db, jobs: app.jobs, razorpayx: app.razorpayx, log: app.log };
}

export interface PayoutRefundInput {
  orderId: string;
  amountPaise: number;
  /** The shopper's UPI ID. */
  vpa: string;
  reason: string;
  /** The return the refund is for (docs/product.md#returns); null or absent for a goodwill refund. */
  returnId?: string | null;
  /** The caller's idempotency key: the same key again pays once (a double click, a retried job). */
  key: string;
  /** Who asked, for the audit log: absent when a return's flow pays it. */
  staffId?: string | null;
  ipAddress?: string | null;
}

export interface PayoutRefundOutcome {
  payoutId: string;
  razorpayPayoutId: string;
  status: CodPayoutStatus;
  /** The same key was used before: nothing new was paid. */
  repeated: boolean;
  message: string;
}

const rupees = (paise: number) => formatRupeesExact(paise / 100);

/**
 * X-Payout-Idempotency for a refund: derived from the order and the caller's key, so every try of one request
 * asks RazorpayX for the same payout (RazorpayX: 4-36 letters, digits, '-', '_' or spaces).
 */
export function payoutIdempotencyKey(orderId: string, key: string): string {
  return `codr-${createHash('sha256').update(`${orderId}:${key}`).digest('hex').slice(0, 30)}`;
}

function notFound(): AppError {
  return new AppError('not_found', codMoneyMessages.orderNotFound);
}

async function lockCodOrder(tx: Database, orderId: string): Promise<LockedOrder> {
  const locked = isOrderId(orderId) ? await lockOrder(tx, orderId) : undefined;
  if (!locked) throw notFound();
  if (!isCod(locked.order)) throw new AppError('conflict', codMoneyMessages.notCod);
  return locked;
}

/**
 * The lifecycle's refund request for the amount, against the collected cash less what was given back: refused
 * with the message staff see, else the event to apply.
 */
async function refundRequest(tx: Database, locked: LockedOrder, amountPaise: number) {
  const { committedPaise } = await codRefundedPaise(tx, locked.order.id);
  const refundablePaise = Math.max(0, collectedPaiseOf(locked.order) - committedPaise);
  const event = { type: 'cod_refund_requested' as const, amountPaise, refundablePaise };
  const decision = previewOrderEvent(locked, event);
  if (decision.outcome === 'applied') return event;
  if (decision.reason === 'not_paid') throw new AppError('conflict', codMoneyMessages.notCollected);
  throw new AppError(
    'conflict',
    refundablePaise === 0
      ? codMoneyMessages.nothingLeft
      : codMoneyMessages.exceedsRefundable(rupees(refundablePaise)),
  );
}

function creditNoteReason(reason: string, returnId: string | null | undefined) {
  return returnId
    ? { text: creditNoteReasons.refundGoodsReturned(reason), goodsReturned: true }
    : { text: creditNoteReasons.refundNoGoodsReturned(reason), goodsReturned: false };
}

/** After money reached the shopper: the order's payment status moves (refunded in full, or in part). */
async function applySettled(
  locked: LockedOrder,
  jobs: Pick<Jobs, 'send'>,
  source: ChangeSource,
  refundId: string,
) {
  const { settledPaise } = await codRefundedPaise(locked.tx, locked.order.id);
  const fullyRefunded = settledPaise >= collectedPaiseOf(locked.order);
  await applyOrderEvent(locked, jobs, { type: 'cod_refund_settled', fullyRefunded, refundId }, source);
}

const FAILED: ReadonlySet<CodPayoutStatus> = new Set(PAYOUT_STATUSES_WITHOUT_MONEY);

/**
 * Writes what RazorpayX reports of a payout onto our row, under the order's locks, and acts on a change: a
 * processed payout gets its credit note and moves the order's payment status; a failed, reversed or rejected
 * one is flagged for a person. Reports arrive late and twice: a final status is never overwritten, except a
 * processed payout later reversed by the bank.
 */
async function recordPayoutReport(
  locked: LockedOrder,
  jobs: Pick<Jobs, 'send'>,
  payout: RazorpayXPayout,
  source: ChangeSource,
): Promise<'changed' | 'unchanged' | 'unknown'> {
  const { tx } = locked;
  const [row] = await tx
    .select()
    .from(codPayouts)
    .where(eq(codPayouts.razorpayPayoutId, payout.id))
    .for('update');
  if (!row) return 'unknown';
  const from = row.status;
  const to = payout.status;
  const final = from === 'processed' || FAILED.has(from);
  const reversedAfterProcessing = from === 'processed' && to === 'reversed';
  if (from === to || (final && !reversedAfterProcessing)) return 'unchanged';
  await tx
    .update(codPayouts)
    .set({
      status: to,
      utr: payout.utr ?? row.utr,
      failure: FAILED.has(to) ? (payout.status_details?.description ?? to) : null,
      ...(to === 'processed' || FAILED.has(to) ? { settledAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(codPayouts.id, row.id));
  if (to === 'processed') {
    await issueCreditNote(
      tx,
      {
        orderId: row.orderId,
        razorpayRefundId: payout.id,
        amountPaise: row.amountPaise,
        reason: creditNoteReason(row.reason, row.returnId),
        returnId: row.returnId,
      },
      new Date(),
    );
    await applySettled(locked, jobs, source, codRefundMessageId('payout', row.id));
  } else if (FAILED.has(to)) {
    await applyOrderEvent(locked, jobs, { type: 'cod_refund_failed' }, source);
  }
  return 'changed';
}

function orderIdOfPayout(payout: RazorpayXPayout): string | undefined {
  const notes = Array.isArray(payout.notes) ? undefined : payout.notes;
  return notes?.order_id;
}

/**
 * A payout report from a webhook or a fetch: locks the order the payout names (so a report racing the request
 * that made the payout waits for it) and records it. `unknown` when no payout of ours has that id.
 */
export async function settlePayout(
  deps: Pick<CodRefundDeps, 'db' | 'jobs'>,
  payout: RazorpayXPayout,
  source: ChangeSource,
): Promise<'changed' | 'unchanged' | 'unknown'> {
  const [known] = await deps.db
    .select({ orderId: codPayouts.orderId })
    .from(codPayouts)
    .where(eq(codPayouts.razorpayPayoutId, payout.id));
  const orderId = known?.orderId ?? orderIdOfPayout(payout);
  if (!orderId || !isOrderId(orderId)) return 'unknown';
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!locked) return 'unknown';
    return recordPayoutReport(locked, deps.jobs, payout, source);
  });
}

function razorpayXErrorToAppError(error: unknown): never {
  if (!(error instanceof RazorpayXError)) throw error;
  if (error.kind === 'unavailable') throw new AppError('upstream_failed', codMoneyMessages.payoutUnavailable);
  throw new AppError('upstream_failed', codMoneyMessages.payoutRefused(error.message.replace(/\.?$/, '.')));
}

function outcomeMessage(status: CodPayoutStatus, amountPaise: number, vpa: string): string {
  if (status === 'processed') return codMoneyMessages.payoutSettled(rupees(amountPaise), vpa);
  if (FAILED.has(status)) return codMoneyMessages.payoutFailed(rupees(amountPaise), vpa);
  return codMoneyMessages.payoutStarted(rupees(amountPaise), vpa);
}

/**
 * Refunds part (or all) of a COD order's collected cash to the shopper's UPI ID through RazorpayX (a composite
 * payout). Idempotent on `key`: the payout row is unique by it, the order's locks are held while RazorpayX is
 * asked (so two calls at once make one payout), and a retry after a lost reply sends the same
 * X-Payout-Idempotency, which RazorpayX answers with the first payout. Audited when staff asked.
 */
export async function refundByPayout(
  deps: CodRefundDeps,
  input: PayoutRefundInput,
): Promise<PayoutRefundOutcome> {
  const vpa = input.vpa.trim();
  if (!VPA_PATTERN.test(vpa)) throw new AppError('invalid', codMoneyMessages.vpaInvalid);
  if (!Number.isInteger(input.amountPaise) || input.amountPaise < 100) {
    throw new AppError('invalid', codMoneyMessages.amountTooSmall);
  }
  const gateway = deps.razorpayx;
  if (!gateway) throw new AppError('unprocessable', codMoneyMessages.payoutsNotConfigured);
  const idempotencyKey = payoutIdempotencyKey(input.orderId, input.key);
  return deps.db.transaction(async (tx) => {
    const locked = await lockCodOrder(tx, input.orderId);
    const [earlier] = await tx.select().from(codPayouts).where(eq(codPayouts.requestKey, idempotencyKey));
    if (earlier) {
      if (earlier.amountPaise !== input.amountPaise || earlier.vpa !== vpa) {
        throw new AppError('conflict', codMoneyMessages.payoutKeyReused);
      }
      return {
        payoutId: earlier.id,
        razorpayPayoutId: earlier.razorpayPayoutId ?? '',
        status: earlier.status,
        repeated: true,
        message: codMoneyMessages.payoutRepeated,
      };
    }
    const request = await refundRequest(tx, locked, input.amountPaise);
    const order = locked.order;
    const orderNumber = orderNumberOf(order.id);
    const payout = await gateway.client
      .createVpaPayout({
        amountPaise: input.amountPaise,
        vpa,
        contact: {
          name: order.contact.name.slice(0, 50) || 'Shopper',
          ...(order.contact.email ? { email: order.contact.email } : {}),
          ...(order.contact.phone ? { phone: order.contact.phone } : {}),
          type: 'customer',
          ...(order.userId ? { referenceId: order.userId } : {}),
        },
        referenceId: idempotencyKey,
        // RazorpayX: letters, digits and spaces only.
        narration: `Refund ${orderNumber.replace('-', ' ')}`,
        // The same body on every try: RazorpayX refuses a used key with a different request.
        notes: {
          order_id: order.id,
          reason: input.reason.slice(0, 250),
          ...(input.returnId ? { return_id: input.returnId } : {}),
        },
        idempotencyKey,
      })
      .catch((error: unknown) => {
        deps.log.warn({ err: error, orderId: order.id }, 'payout refund refused or not made');
        return razorpayXErrorToAppError(error);
      });
    const [row] = await tx
      .insert(codPayouts)
      .values({
        orderId: order.id,
        requestKey: idempotencyKey,
        idempotencyKey,
        razorpayPayoutId: payout.id,
        amountPaise: input.amountPaise,
        vpa,
        reason: input.reason,
        returnId: input.returnId ?? null,
        staffId: input.staffId ?? null,
        // Written as first asked; the report below moves it on when RazorpayX already settled it.
        status: FAILED.has(payout.status) || payout.status === 'processed' ? 'processing' : payout.status,
      })
      .onConflictDoNothing({ target: codPayouts.razorpayPayoutId })
      .returning();
    const source: ChangeSource = input.staffId ? 'shop' : 'system';
    await applyOrderEvent(locked, deps.jobs, request, source);
    if (row && row.status !== payout.status) await recordPayoutReport(locked, deps.jobs, payout, source);
    if (input.staffId) {
      await recordAudit(tx, {
        staffId: input.staffId,
        action: 'order.cod_refund_payout',
        entityType: 'order',
        entityId: order.id,
        after: {
          razorpayPayoutId: payout.id,
          amountPaise: input.amountPaise,
          vpa,
          reason: input.reason,
          returnId: input.returnId ?? null,
        },
        ipAddress: input.ipAddress ?? null,
      });
    }
    return {
      payoutId: row?.id ?? '',
      razorpayPayoutId: payout.id,
      status: payout.status,
      repeated: !row,
      message: outcomeMessage(payout.status, input.amountPaise, vpa),
    };
  });
}

export interface PaidElsewhereInput {
  orderId: string;
  amountPaise: number;
  how: RefundPaidElsewhereWay;
  note: string;
  staffId: string;
  returnId?: string | null;
  /** The request's Idempotency-Key: the same request twice records one refund. */
  key?: string;
  ipAddress?: string | null;
}

/**
 * Records a refund of a COD order the owner paid outside the shop (cash, a bank transfer...): within what is
 * left of the collected cash, under the order's locks, with its credit note and the order's payment status
 * moved at once (the money is already with the shopper), audited.
 */
export async function recordRefundPaidElsewhere(
  deps: Pick<CodRefundDeps, 'db' | 'jobs'>,
  input: PaidElsewhereInput,
) {
  if (!Number.isInteger(input.amountPaise) || input.amountPaise < 100) {
    throw new AppError('invalid', codMoneyMessages.amountTooSmall);
  }
  const requestKey = input.key ? `elsewhere-${input.orderId}-${input.key}` : null;
  return deps.db.transaction(async (tx) => {
    const locked = await lockCodOrder(tx, input.orderId);
    if (requestKey) {
      const [earlier] = await tx
        .select()
        .from(codRefundsPaidElsewhere)
        .where(eq(codRefundsPaidElsewhere.requestKey, requestKey));
      if (earlier) {
        if (earlier.amountPaise !== input.amountPaise) {
          throw new AppError('conflict', codMoneyMessages.payoutKeyReused);
        }
        return { id: earlier.id, repeated: true, message: codMoneyMessages.payoutRepeated };
      }
    }
    const request = await refundRequest(tx, locked, input.amountPaise);
    const [row] = await tx
      .insert(codRefundsPaidElsewhere)
      .values({
        orderId: input.orderId,
        requestKey,
        amountPaise: input.amountPaise,
        how: input.how,
        note: input.note,
        returnId: input.returnId ?? null,
        staffId: input.staffId,
      })
      .returning();
    if (!row) throw new Error('the refund paid elsewhere was not saved');
    await applyOrderEvent(locked, deps.jobs, request, 'shop');
    const reasonText =
      input.note.trim() === ''
        ? `paid by ${refundPaidElsewhereWayLabels[input.how].toLowerCase()}`
        : input.note.trim();
    await issueCreditNote(
      tx,
      {
        orderId: input.orderId,
        razorpayRefundId: `elsewhere-${row.id}`,
        amountPaise: input.amountPaise,
        reason: creditNoteReason(reasonText, input.returnId),
        returnId: input.returnId,
      },
      new Date(),
    );
    await applySettled(locked, deps.jobs, 'shop', codRefundMessageId('elsewhere', row.id));
    await recordAudit(tx, {
      staffId: input.staffId,
      action: 'order.cod_refund_paid_elsewhere',
      entityType: 'order',
      entityId: input.orderId,
      after: { refundId: row.id, amountPaise: input.amountPaise, how: input.how, note: input.note },
      ipAddress: input.ipAddress ?? null,
    });
    return {
      id: row.id,
      repeated: false,
      message: codMoneyMessages.paidElsewhereRecorded(rupees(input.amountPaise)),
    };
  });
}

/** RazorpayX settles most UPI payouts within minutes; still under way after this, its webhook may be lost. */
const STUCK_PAYOUT_AFTER_MINUTES = 30;
const SWEEP_LIMIT = 200;

/**
 * The payout sweep (with the 15-minute sweeps): asks RazorpayX about each payout under way for over half an
 * hour and records what it says, as its webhook would have. Returns how many changed; stops early while
 * RazorpayX is unreachable.
 */
export async function settleStuckPayouts(deps: CodRefundDeps): Promise<number> {
  const gateway = deps.razorpayx;
  if (!gateway) return 0;
  const stuck = await stalePayouts(deps.db, STUCK_PAYOUT_AFTER_MINUTES, SWEEP_LIMIT);
  let changed = 0;
  for (const { razorpayPayoutId } of stuck) {
    if (!razorpayPayoutId) continue;
    try {
      const payout = await gateway.client.fetchPayout(razorpayPayoutId);
      const outcome = await settlePayout(deps, payout, 'reconciler');
      if (outcome === 'changed') changed += 1;
      else {
        // Asked, and still under way: ask again after another while, not at every sweep.
        await deps.db
          .update(codPayouts)
          .set({ updatedAt: sql`now()` })
          .where(eq(codPayouts.razorpayPayoutId, razorpayPayoutId));
      }
    } catch (error) {
      deps.log.warn({ err: error, razorpayPayoutId }, 'could not ask RazorpayX about a payout');
      if (error instanceof RazorpayXError && error.kind === 'unavailable') break;
    }
  }
  return changed;
}
