import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Who made a console change, as the audit log records it. */
export interface StaffActor {
  staffId: string;
  ipAddress: string;
}

/** docs/architecture.md#staff: one row for every change staff make, in the transaction that makes it. */
export interface AuditEntry {
  /** Null for the command line. */
  staffId: string | null;
  /** What was done, e.g. `order.refund`, `staff.invite`. */
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  ipAddress?: string | null;
}

export async function recordAudit(db: Database, entry: AuditEntry) {
  await db.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ipAddress: entry.ipAddress ?? null,
  });
}

/**
 * What an audited change changes: each field of `next` (undefined: left as it is) whose value differs from
 * `current`'s, with its value before and after. Lists and objects are compared by their JSON.
 */
export function changedValues(current: object, next: object) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    const old: unknown = (current as Record<string, unknown>)[key];
    if (value === undefined || JSON.stringify(old) === JSON.stringify(value)) continue;
    before[key] = old;
    after[key] = value;
  }
  return { before, after };
}
