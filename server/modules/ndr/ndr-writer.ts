import { and, eq, gt, lt } from 'drizzle-orm';
import type { NdrChoice } from '../../../contracts/ndr-rules';
import type { Database } from '../../db/client';
import { ndrLinks, ndrReports } from '../../db/schema';
import type { Jobs } from '../../job-queues';
import { hashToken, newOpaqueToken } from '../auth/tokens';
import type { FailedAttempt } from '../shipping/ndr-payloads';
import { decideNdr, type NdrDecision, type NdrEvent, type NdrState } from './ndr-lifecycle';

// docs/architecture.md#ndr: the only code that writes `ndr_reports`. Callers hold the order's locks (lockOrder), so
// the report's row is changed by one transaction at a time, in the one lock order.

export type NdrReportRow = typeof ndrReports.$inferSelect;

export function ndrStateOf(row: NdrReportRow): NdrState {
  return {
    status: row.status,
    attempts: row.attempts,
    respondBy: row.respondBy,
    choice:
      row.choiceAction && row.choiceBy && row.choiceAttempt !== null
        ? { action: row.choiceAction, by: row.choiceBy, attempt: row.choiceAttempt }
        : null,
    sentAttempt: row.sentAttempt,
    defaultReattempts: row.defaultReattempts,
  };
}

/** The order's report, its row locked (after the order's locks). */
export async function lockNdrReport(tx: Database, orderId: string): Promise<NdrReportRow | undefined> {
  const [row] = await tx.select().from(ndrReports).where(eq(ndrReports.orderId, orderId)).for('update');
  return row;
}

export interface ChoiceDetails {
  choice?: NdrChoice;
  staffId?: string | null;
  /** The courier's report of the attempt an `attempt_failed` counts. */
  attempt?: FailedAttempt;
}

/**
 * Applies the event to the report: the lifecycle decides; the row, the message jobs and the courier's action job
 * (one per attempt, keyed by it) are written in the caller's transaction. `close_order` is left to the flow.
 */
export async function applyNdrEvent(
  tx: Database,
  jobs: Pick<Jobs, 'send'>,
  row: NdrReportRow,
  event: NdrEvent,
  details: ChoiceDetails = {},
): Promise<NdrDecision> {
  const decision = decideNdr(ndrStateOf(row), event);
  if (decision.outcome !== 'applied') return decision;
  const next = decision.next;
  const changes: Partial<NdrReportRow> = {
    status: next.status,
    attempts: next.attempts,
    respondBy: next.respondBy,
    defaultReattempts: next.defaultReattempts,
    sentAttempt: next.sentAttempt,
    updatedAt: new Date(),
  };
  if (event.type === 'attempt_failed' && next.attempts !== row.attempts) {
    changes.attemptedAt = event.at;
    if (details.attempt) {
      changes.reason = details.attempt.reason;
      changes.courierRemark = details.attempt.remark;
    }
  }
  if (event.type === 'action_sent') changes.sentToCourierAt = new Date();
  if (next.status === 'delivered' || next.status === 'returned') changes.closedAt = new Date();
  const chose = next.choice && (next.choice.attempt !== row.choiceAttempt || next.choice.by !== row.choiceBy);
  if (next.choice === null) {
    Object.assign(changes, noChoice);
  } else if (chose) {
    const choice = details.choice;
    Object.assign(changes, {
      choiceAction: next.choice.action,
      choiceBy: next.choice.by,
      choiceAttempt: next.choice.attempt,
      choiceAt: new Date(),
      choiceDate: choice?.action === 'reattempt' ? choice.date : null,
      choicePhone: choice?.action === 'reattempt' ? (choice.phone ?? null) : null,
      choiceAddressLine: choice?.action === 'reattempt' ? (choice.addressLine ?? null) : null,
      choiceStaffId: details.staffId ?? null,
    });
    // The default's re-attempt asks for the first day offered.
    if (next.choice.by === 'default' && next.choice.action === 'reattempt') {
      changes.choiceDate = defaultReattemptDate(event);
    }
  }
  await tx.update(ndrReports).set(changes).where(eq(ndrReports.id, row.id));
  Object.assign(row, changes);
  for (const effect of decision.effects) {
    if (effect.type === 'send_message') {
      await jobs.send(tx, 'ndr.message', { reportId: row.id, kind: effect.kind, attempt: next.attempts });
    }
    if (effect.type === 'send_action') {
      await jobs.send(
        tx,
        'ndr.action',
        { reportId: row.id, attempt: effect.attempt },
        { singletonKey: `ndr-${row.id}-${effect.attempt}` },
      );
    }
  }
  return decision;
}

const noChoice = {
  choiceAction: null,
  choiceBy: null,
  choiceAttempt: null,
  choiceAt: null,
  choiceDate: null,
  choicePhone: null,
  choiceAddressLine: null,
  choiceStaffId: null,
} as const;

function defaultReattemptDate(event: NdrEvent): string | null {
  const now = event.type === 'deadline_passed' || event.type === 'chosen' ? event.now : new Date();
  const tomorrow = new Date(now.getTime() + 330 * 60_000 + 86_400_000);
  return tomorrow.toISOString().slice(0, 10);
}

export interface NewReport {
  orderId: string;
  shipmentId: string;
  awbCode: string;
  courierName: string | null;
  pincode: string;
  paymentMethod: 'cod' | 'online';
}

/**
 * The courier's failed attempt: the parcel's report is made on its first, then the lifecycle counts it (a repeat of
 * an attempt already counted changes nothing). Returns the report.
 */
export async function recordFailedAttempt(
  tx: Database,
  jobs: Pick<Jobs, 'send'>,
  report: NewReport,
  attempt: FailedAttempt,
): Promise<NdrReportRow | undefined> {
  const [inserted] = await tx
    .insert(ndrReports)
    .values({
      ...report,
      status: 'action_needed',
      reason: attempt.reason,
      courierRemark: attempt.remark,
      attempts: attempt.attempts,
      attemptedAt: attempt.at,
      respondBy: attempt.at,
    })
    .onConflictDoNothing({ target: ndrReports.shipmentId })
    .returning();
  // A new report is counted from nothing, so its first attempt goes through the lifecycle like the others.
  const row = inserted ? { ...inserted, attempts: 0 } : await lockNdrReport(tx, report.orderId);
  if (!row) return undefined;
  await applyNdrEvent(
    tx,
    jobs,
    row,
    { type: 'attempt_failed', attempts: attempt.attempts, at: attempt.at },
    { attempt },
  );
  return row;
}

/** A link for the shopper's message, valid NDR_LINK_DAYS; only its hash is kept. */
export async function createNdrLink(db: Database, orderId: string, days: number): Promise<string> {
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  await db.insert(ndrLinks).values({ tokenHash: hashToken(token), orderId, expiresAt });
  return token;
}

/** Expired links are forgotten by the 15-minute sweep; returns how many. */
export async function forgetExpiredNdrLinks(db: Database, now = new Date()): Promise<number> {
  const gone = await db
    .delete(ndrLinks)
    .where(lt(ndrLinks.expiresAt, now))
    .returning({ hash: ndrLinks.tokenHash });
  return gone.length;
}

/** The order a live link stands for; undefined for a token unknown or expired. */
export async function orderOfNdrLink(db: Database, token: string): Promise<string | undefined> {
  const [link] = await db
    .select({ orderId: ndrLinks.orderId })
    .from(ndrLinks)
    .where(and(eq(ndrLinks.tokenHash, hashToken(token)), gt(ndrLinks.expiresAt, new Date())));
  return link?.orderId;
}
