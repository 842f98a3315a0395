import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { type AuditPage, type AuditQuery, staffConsoleMessages } from '../../../contracts/staff';
import type { Database } from '../../db/client';
import { auditLog, staff } from '../../db/schema';
import { AppError } from '../../errors';
import { auditRecordLabels } from './audit-labels';

// A cursor keeps created_at as Postgres's text, to the microsecond: a JavaScript Date would drop the last three
// digits and skip or repeat rows made in the same millisecond.
interface Cursor {
  at: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString()) as Partial<Cursor>;
    if (
      typeof value.at === 'string' &&
      !Number.isNaN(Date.parse(value.at)) &&
      typeof value.id === 'string' &&
      /^[0-9a-f-]{36}$/i.test(value.id)
    ) {
      return { at: value.at, id: value.id };
    }
  } catch {
    // Falls through to the one message for every bad cursor.
  }
  throw new AppError('invalid', staffConsoleMessages.badCursor);
}

/** docs/product.md#staff: the audit log, newest first, filtered, a page at a time (keyset on time and id). */
export async function readAuditLog(db: Database, query: AuditQuery): Promise<AuditPage> {
  const filters: (SQL | undefined)[] = [
    query.staffId ? eq(auditLog.staffId, query.staffId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.entityType ? eq(auditLog.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
    query.from ? gte(auditLog.createdAt, new Date(query.from)) : undefined,
    query.to ? lte(auditLog.createdAt, new Date(query.to)) : undefined,
  ];
  if (query.after) {
    const cursor = decodeCursor(query.after);
    filters.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      id: auditLog.id,
      staffId: auditLog.staffId,
      staffName: staff.name,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      ipAddress: auditLog.ipAddress,
      createdAt: auditLog.createdAt,
      cursorAt: sql<string>`${auditLog.createdAt}::text`,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(and(...filters))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const labels = await auditRecordLabels(db, page);
  return {
    entries: page.map(({ cursorAt: _cursorAt, createdAt, ...entry }) => ({
      ...entry,
      entityLabel: labels.get(`${entry.entityType}:${entry.entityId}`) ?? null,
      createdAt: createdAt.toISOString(),
    })),
    next: rows.length > query.limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}
