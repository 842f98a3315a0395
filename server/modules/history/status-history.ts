import type { Database } from '../../db/client';
import { statusHistory } from '../../db/schema';

export type ChangeSource = (typeof statusHistory.$inferInsert)['source'];

export interface StatusChange {
  entity: 'order' | 'payment' | 'refund';
  entityId: string;
  field: string;
  from: string | null;
  to: string;
}

/** Writes who changed what; called inside the transaction that makes the changes. */
export async function recordChanges(tx: Database, source: ChangeSource, changes: StatusChange[]) {
  const rows = changes
    .filter((change) => change.from !== change.to)
    .map((change) => ({
      entity: change.entity,
      entityId: change.entityId,
      field: change.field,
      fromValue: change.from,
      toValue: change.to,
      source,
    }));
  if (rows.length > 0) await tx.insert(statusHistory).values(rows);
}
