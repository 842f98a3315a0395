import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { AdminCustomerDetail } from '../../../contracts/admin-customers';
import type { Database } from '../../db/client';
import { auditLog, orders, sessions, users } from '../../db/schema';
import { describeDevice } from '../auth/device-name';
import { orderNumberOf } from '../orders/order-view';
import { fullName, orderFiguresOf } from './customer-search';

type UserRow = typeof users.$inferSelect;

function addressOf(user: UserRow): AdminCustomerDetail['address'] {
  const address = {
    houseName: user.houseName,
    streetArea: user.streetArea,
    city: user.city,
    state: user.state,
    country: user.country,
    pincode: user.pincode,
  };
  return Object.values(address).some((part) => part.trim() !== '') ? address : null;
}

async function liveSessionsOf(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

async function ordersOf(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => ({
    orderId: row.id,
    orderNumber: orderNumberOf(row.id),
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    paymentStatus: row.paymentStatus,
    totalPaise: row.totalPaise,
  }));
}

/** The reason given with the block now in force, read back from the audit log. */
async function blockReasonOf(db: Database, user: UserRow): Promise<string | null> {
  if (!user.blockedAt) return null;
  const [entry] = await db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'customer'),
        eq(auditLog.entityId, user.id),
        eq(auditLog.action, 'customer.block'),
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  const reason = (entry?.after as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' && reason !== '' ? reason : null;
}

/** docs/product.md#customers: one shopper as the console shows them; undefined when there is none. */
export async function findAdminCustomer(
  db: Database,
  userId: string,
): Promise<AdminCustomerDetail | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return undefined;
  const [liveSessions, customerOrders, figures, blockReason] = await Promise.all([
    liveSessionsOf(db, userId),
    ordersOf(db, userId),
    orderFiguresOf(db, [userId]),
    blockReasonOf(db, user),
  ]);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    name: fullName(user.firstName, user.lastName),
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    phone: user.phone,
    phoneVerified: user.phoneVerifiedAt !== null,
    address: addressOf(user),
    joinedAt: user.createdAt.toISOString(),
    signInMethods: {
      password: user.passwordHash !== null,
      google: user.googleSubject !== null,
      phoneCode: user.phone !== null && user.phoneVerifiedAt !== null,
      emailCode: user.email !== null && user.emailVerifiedAt !== null,
    },
    sessions: liveSessions,
    orders: customerOrders,
    ordersCount: figures.get(userId)?.ordersCount ?? 0,
    paidTotalPaise: figures.get(userId)?.paidTotalPaise ?? 0,
    blockedAt: user.blockedAt?.toISOString() ?? null,
    blockReason,
  };
}
