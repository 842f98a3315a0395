import { asc, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type securityAlertKinds, securityAlerts } from '../../db/schema';

export type SecurityAlertKind = (typeof securityAlertKinds)[number];

export interface SecurityAlertInput {
  kind: SecurityAlertKind;
  /** What the alert is about, e.g. a number prefix; '' for a shop-wide alert. */
  subject: string;
  detail: string;
}

/**
 * Opens an alert, or counts one more occurrence of the open alert of that kind and subject. One statement on
 * the partial unique index, so requests racing on the same abuse still leave a single open row.
 */
export async function raiseSecurityAlert(db: Database, alert: SecurityAlertInput) {
  const [row] = await db
    .insert(securityAlerts)
    .values(alert)
    .onConflictDoUpdate({
      target: [securityAlerts.kind, securityAlerts.subject],
      targetWhere: isNull(securityAlerts.resolvedAt),
      set: {
        occurrences: sql`${securityAlerts.occurrences} + 1`,
        lastSeenAt: sql`now()`,
        detail: sql`excluded.detail`,
      },
    })
    .returning();
  if (!row) throw new Error('the security alert was not written');
  return row;
}

/** The alerts the owner has not resolved yet, oldest first. */
export async function listOpenSecurityAlerts(db: Database) {
  return db
    .select()
    .from(securityAlerts)
    .where(isNull(securityAlerts.resolvedAt))
    .orderBy(asc(securityAlerts.raisedAt));
}
