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
