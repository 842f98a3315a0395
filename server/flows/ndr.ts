import { and, eq, isNull, lte } from 'drizzle-orm';
import { type NdrChoice, type NdrView, ndrMessages } from '../../contracts/ndr';
import type { Database } from '../db/client';
import { ndrReports, orders } from '../db/schema';
import { AppError } from '../errors';
import type { Jobs } from '../job-queues';
import { recordAudit, type StaffActor } from '../modules/audit/audit-log';
import type { NdrEvent, NdrRefusal } from '../modules/ndr/ndr-lifecycle';
import { ndrViewOf } from '../modules/ndr/ndr-views';
import {
  applyNdrEvent,
  lockNdrReport,
  type NdrReportRow,
  recordFailedAttempt,
} from '../modules/ndr/ndr-writer';
import { applyOrderEvent, type LockedOrder, lockOrder } from '../modules/orders/order-writer';
import { failedAttemptOf, ndrOfListing } from '../modules/shipping/ndr-payloads';
import type { TrackingUpdate } from '../modules/shipping/shipment-records';
import { ShiprocketError } from '../providers/shiprocket/client';
import { type NdrActionInput, reattemptActionInput, returnActionInput } from '../providers/shiprocket/ndr';
import type { ShippingDeps } from './deps';

// docs/product.md#failed-deliveries: a courier's failed delivery, the shopper's (or the owner's, or the default's)
// choice, the choice told to Shiprocket once, and the order's end when the parcel is back.

const refusalMessages: Record<
  NdrRefusal,
  { kind: 'conflict' | 'unprocessable' | 'not_found'; message: string }
> = {
  no_issue: { kind: 'not_found', message: ndrMessages.noIssue },
  already_chosen: { kind: 'conflict', message: ndrMessages.alreadyChosen },
  too_late: { kind: 'conflict', message: ndrMessages.tooLate },
  no_more_attempts: { kind: 'unprocessable', message: ndrMessages.dateNotOffered },
  date_not_offered: { kind: 'unprocessable', message: ndrMessages.dateNotOffered },
};

/**
 * Inside `applyTrackingUpdate`, under the order's locks: a failed attempt (21 UNDELIVERED) opens or counts the
 * parcel's report; a delivery or the parcel back with us closes it, and a return chosen ends the order.
 */
export async function noteDeliveryOutcome(
  locked: LockedOrder,
  jobs: Pick<Jobs, 'send'>,
  update: TrackingUpdate,
  outcome: { delivered: boolean; backWithUs: boolean },
): Promise<void> {
  const { tx, order, shipment } = locked;
  if (!shipment) return;
  const attempt = failedAttemptOf(update, new Date());
  if (attempt && shipment.awbCode && !outcome.delivered && !outcome.backWithUs) {
    await recordFailedAttempt(
      tx,
      jobs,
      {
        orderId: order.id,
        shipmentId: shipment.id,
        awbCode: shipment.awbCode,
        courierName: shipment.courierName,
        pincode: order.shippingAddress.pincode,
        paymentMethod: order.paymentMethod === 'COD' ? 'cod' : 'online',
      },
      attempt,
    );
    return;
  }
  if (!outcome.delivered && !outcome.backWithUs) return;
  const row = await lockNdrReport(tx, order.id);
  if (!row) return;
  const decision = await applyNdrEvent(tx, jobs, row, { type: outcome.delivered ? 'delivered' : 'returned' });
  if (decision.outcome !== 'applied') return;
  for (const effect of decision.effects) {
    if (effect.type === 'close_order') {
      await applyOrderEvent(
        locked,
        jobs,
        { type: 'ndr_return_received', chosen: effect.by !== 'default' },
        'system',
      );
    }
  }
}

type ChoiceDeps = { db: Database; jobs: Pick<Jobs, 'send'> };

/** The choice already recorded for this attempt, by the same kind of decider (a retry or a double click). */
function sameChoice(row: NdrReportRow, choice: NdrChoice, by: 'shopper' | 'staff'): boolean {
  if (row.choiceAttempt !== row.attempts || row.choiceBy !== by || row.choiceAction !== choice.action)
    return false;
  if (choice.action === 'return') return true;
  return (
    row.choiceDate === choice.date &&
    row.choicePhone === (choice.phone ?? null) &&
    row.choiceAddressLine === (choice.addressLine ?? null)
  );
}

/**
 * The shopper's choice (from the link or My Orders) or staff's for them after a call (audited, with the note).
 * Idempotent: the same choice sent again (a retry, a double click) answers the view and changes nothing; another
 * choice after one was made is refused with the contract's words.
 */
export async function chooseForDelivery(
  deps: ChoiceDeps,
  orderId: string,
  choice: NdrChoice,
  by: { kind: 'shopper' } | { kind: 'staff'; actor: StaffActor; note: string },
  now = new Date(),
): Promise<NdrView> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    const row = locked ? await lockNdrReport(tx, orderId) : undefined;
    if (!locked || !row) throw new AppError('not_found', ndrMessages.noIssue);
    const event: NdrEvent = { type: 'chosen', choice, by: by.kind, now };
    const staffId = by.kind === 'staff' ? by.actor.staffId : null;
    const decision = await applyNdrEvent(tx, deps.jobs, row, event, { choice, staffId });
    if (decision.outcome === 'refused') {
      if (decision.reason === 'already_chosen' && sameChoice(row, choice, by.kind))
        return ndrViewOf(row, locked.order, now);
      const refusal = refusalMessages[decision.reason];
      throw new AppError(refusal.kind, refusal.message);
    }
    if (by.kind === 'staff') {
      await recordAudit(tx, {
        staffId: by.actor.staffId,
        action: `ndr.${choice.action}`,
        entityType: 'order',
        entityId: orderId,
        before: { status: 'action_needed', attempts: row.attempts },
        after: { ...choice, note: by.note },
        ipAddress: by.actor.ipAddress,
      });
    }
    return ndrViewOf(row, locked.order, now);
  });
}

/** The shopper's page: the order's report, or the contract's refusal when its parcel never failed a delivery. */
export async function deliveryIssueView(db: Database, orderId: string, now = new Date()): Promise<NdrView> {
  const [found] = await db
    .select({ report: ndrReports, order: orders })
    .from(ndrReports)
    .innerJoin(orders, eq(orders.id, ndrReports.orderId))
    .where(eq(ndrReports.orderId, orderId));
  if (!found) throw new AppError('not_found', ndrMessages.noIssue);
  return ndrViewOf(found.report, found.order, now);
}

function actionInputOf(row: NdrReportRow): NdrActionInput {
  const by =
    row.choiceBy === 'default' ? "the shop's default" : row.choiceBy === 'staff' ? 'staff' : 'the buyer';
  if (row.choiceAction === 'return') return returnActionInput(`Return to origin, chosen by ${by}`);
  return reattemptActionInput({
    comments: `Re-attempt, chosen by ${by}`,
    date: row.choiceDate ?? '',
    phone: row.choicePhone,
    addressLine: row.choiceAddressLine,
  });
}

/**
 * The `ndr.action` job: tells Shiprocket the choice made for the attempt, once. A report already sent for it, or
 * whose choice has moved on (a newer attempt), is left alone; an unreachable Shiprocket throws and the job retries;
 * an action Shiprocket refuses is logged for a person (the queue shows it not sent).
 */
export async function sendNdrAction(
  deps: ShippingDeps,
  job: { reportId: string; attempt: number },
): Promise<void> {
  const [row] = await deps.db.select().from(ndrReports).where(eq(ndrReports.id, job.reportId));
  if (!row || row.choiceAttempt !== job.attempt || !row.choiceAction) return;
  if (row.sentAttempt !== null && row.sentAttempt >= job.attempt) return;
  try {
    await deps.shiprocket.client.takeNdrAction(row.awbCode, actionInputOf(row));
  } catch (error) {
    if (error instanceof ShiprocketError && error.kind === 'rejected') {
      deps.log.error({ err: error, reportId: row.id, awb: row.awbCode }, 'Shiprocket refused the NDR action');
      return;
    }
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, row.orderId);
    const current = locked ? await lockNdrReport(tx, row.orderId) : undefined;
    if (current) await applyNdrEvent(tx, deps.jobs, current, { type: 'action_sent', attempt: job.attempt });
  });
}

/**
 * Part of the 15-minute sweep: asks Shiprocket about each report still waiting for a choice. A courier's deadline
 * earlier than ours becomes ours (docs/architecture.md#shiprocket-ndr), and an attempt a lost webhook did not
 * report is counted. Stops while Shiprocket is unreachable. Returns how many reports changed.
 */
export async function syncOpenNdrs(deps: ShippingDeps, limit = 50): Promise<number> {
  const open = await deps.db
    .select({ orderId: ndrReports.orderId, awb: ndrReports.awbCode })
    .from(ndrReports)
    .where(and(isNull(ndrReports.closedAt), eq(ndrReports.status, 'action_needed')))
    .orderBy(ndrReports.respondBy)
    .limit(limit);
  let changed = 0;
  for (const report of open) {
    let listing: ReturnType<typeof ndrOfListing>;
    try {
      listing = ndrOfListing(await deps.shiprocket.client.getNdr(report.awb));
    } catch (error) {
      deps.log.warn({ err: error, awb: report.awb }, 'NDR sync failed');
      if (error instanceof ShiprocketError && error.kind === 'unavailable') break;
      continue;
    }
    if (!listing) continue;
    const found = listing;
    const moved = await deps.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, report.orderId);
      const row = locked ? await lockNdrReport(tx, report.orderId) : undefined;
      if (!row) return false;
      let applied = false;
      if (found.attempts > row.attempts) {
        const attempt = {
          attempts: found.attempts,
          at: found.raisedAt ?? new Date(),
          reason: found.reason,
          remark: found.remark,
        };
        const counted = await applyNdrEvent(
          tx,
          deps.jobs,
          row,
          { type: 'attempt_failed', attempts: attempt.attempts, at: attempt.at },
          { attempt },
        );
        applied ||= counted.outcome === 'applied';
      }
      if (found.actionBy) {
        const earlier = await applyNdrEvent(tx, deps.jobs, row, {
          type: 'courier_deadline',
          at: found.actionBy,
        });
        applied ||= earlier.outcome === 'applied';
      }
      return applied;
    });
    if (moved) changed += 1;
  }
  return changed;
}

/** The `ndr.deadlines` job: each report nobody answered in time takes the owner's default. Returns how many. */
export async function takeNdrDefaults(deps: ChoiceDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ orderId: ndrReports.orderId })
    .from(ndrReports)
    .where(
      and(
        isNull(ndrReports.closedAt),
        eq(ndrReports.status, 'action_needed'),
        lte(ndrReports.respondBy, now),
      ),
    )
    .limit(100);
  let taken = 0;
  for (const { orderId } of due) {
    const applied = await deps.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, orderId);
      const row = locked ? await lockNdrReport(tx, orderId) : undefined;
      if (!row) return false;
      const decision = await applyNdrEvent(tx, deps.jobs, row, { type: 'deadline_passed', now });
      return decision.outcome === 'applied';
    });
    if (applied) taken += 1;
  }
  return taken;
}
