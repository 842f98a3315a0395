import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { defaultNewOrderEmail, type NewOrderEmailChoice } from '../../../contracts/staff-alerts';
import type { Database } from '../../db/client';
import { staff, staffPushSubscriptions } from '../../db/schema';

/** docs/product.md#staff-alerts: a member's own choice, or their role's default until they make one. */
export function newOrderEmailOf(member: {
  role: typeof staff.$inferSelect.role;
  newOrderEmail: NewOrderEmailChoice | null;
}): NewOrderEmailChoice {
  return member.newOrderEmail ?? defaultNewOrderEmail(member.role);
}

// Alerts go to members who can open the console: set up, and not disabled.
const canSignIn = and(isNull(staff.disabledAt), isNotNull(staff.totpConfirmedAt));

/** The members who chose `choice` for new-order e-mails (by default or by choice), with their addresses. */
export async function staffWhoChose(db: Database, choice: NewOrderEmailChoice) {
  const members = await db
    .select({ id: staff.id, email: staff.email, role: staff.role, newOrderEmail: staff.newOrderEmail })
    .from(staff)
    .where(canSignIn);
  return members.filter((member) => newOrderEmailOf(member) === choice);
}

/** Every device that asked for notifications, of members who can open the console. */
export async function livePushSubscriptions(db: Database) {
  return db
    .select({
      id: staffPushSubscriptions.id,
      endpoint: staffPushSubscriptions.endpoint,
      p256dh: staffPushSubscriptions.p256dh,
      auth: staffPushSubscriptions.auth,
    })
    .from(staffPushSubscriptions)
    .innerJoin(staff, eq(staff.id, staffPushSubscriptions.staffId))
    .where(canSignIn);
}

export type LivePushSubscription = Awaited<ReturnType<typeof livePushSubscriptions>>[number];
