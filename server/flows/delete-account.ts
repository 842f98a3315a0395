import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { accountMessages } from '../../contracts/account';
import type { OtpTarget } from '../../contracts/auth';
import { messages } from '../../contracts/messages';
import type { Database } from '../db/client';
import { lockUser } from '../db/lock-user';
import {
  contactMessages,
  notifications,
  orders,
  otpCodes,
  sessions,
  users,
  verificationTickets,
} from '../db/schema';
import { AppError } from '../errors';
import { sendOtp, spendOtp } from '../modules/auth/otp-service';
import type { SmsGuard } from '../modules/auth/sms-guard';
import type { UserRow } from '../modules/auth/user-view';
import type { Notifier } from '../modules/notifications/notifier';
import { holdsAccountOpen } from '../modules/orders/lifecycle';
import { detachOrdersFromUser, lockOrder } from '../modules/orders/order-writer';

// docs/product.md#your-data: deleting an account removes the person and keeps their orders, detached.

export interface AccountDeletionDeps {
  db: Database;
  notifier: Notifier;
  smsGuard: SmsGuard;
  otpResendIntervalMs: number;
}

async function accountOf(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('unauthorized', messages.unauthorized);
  return user;
}

/** The code goes to the verified e-mail, else the verified phone. */
function deletionContactOf(user: UserRow): OtpTarget {
  if (user.email) return { channel: 'email', address: user.email };
  if (user.phone && user.phoneVerifiedAt) return { channel: 'sms', address: user.phone };
  throw new AppError('conflict', accountMessages.noVerifiedContact);
}

export async function sendAccountDeletionCode(deps: AccountDeletionDeps, userId: string, ipAddress: string) {
  const target = deletionContactOf(await accountOf(deps.db, userId));
  return sendOtp(deps.db, deps.notifier, target, ipAddress, deps.smsGuard, {
    resendIntervalMs: deps.otpResendIntervalMs,
  });
}

/** Locks the user's orders (in id order) and refuses while one still holds the account open. */
async function assertNoOrderHoldsAccount(tx: Database, userId: string) {
  const owned = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.id));
  for (const { id } of owned) {
    const locked = await lockOrder(tx, id);
    if (locked && holdsAccountOpen(locked.state))
      throw new AppError('conflict', accountMessages.deletionBlocked);
  }
}

/**
 * The addresses that are the person's own. An unverified mobile may be anyone's number (docs/product.md#your-data):
 * its codes and messages are not this account's to erase.
 */
function contactsOf(user: UserRow): OtpTarget[] {
  const contacts: OtpTarget[] = [];
  if (user.email) contacts.push({ channel: 'email', address: user.email });
  if (user.phone && user.phoneVerifiedAt) contacts.push({ channel: 'sms', address: user.phone });
  return contacts;
}

async function forgetContacts(tx: Database, user: UserRow) {
  // The messages sent from the account's e-mail, and those sent while signed in (docs/product.md#your-data).
  await tx
    .delete(contactMessages)
    .where(
      or(eq(contactMessages.userId, user.id), user.email ? eq(contactMessages.email, user.email) : undefined),
    );
  const contacts = contactsOf(user);
  const addresses = contacts.map((contact) => contact.address);
  if (addresses.length === 0) return;
  const codeOf = (table: typeof otpCodes | typeof verificationTickets) =>
    or(
      ...contacts.map((contact) =>
        and(eq(table.channel, contact.channel), eq(table.address, contact.address)),
      ),
    );
  await tx.delete(otpCodes).where(codeOf(otpCodes));
  await tx.delete(verificationTickets).where(codeOf(verificationTickets));
  await tx.delete(notifications).where(inArray(notifications.recipient, addresses));
}

/**
 * The right code, then in one transaction: refuse while an order is on its way or a refund is pending,
 * detach the orders, and delete the person (sessions, cart and wishlist go with the user row).
 */
export async function deleteAccount(deps: AccountDeletionDeps, userId: string, otp: string) {
  const user = await accountOf(deps.db, userId);
  const target = deletionContactOf(user);
  // Asked first so a refusal leaves the code unspent; asked again under the locks, which decide.
  await deps.db.transaction((tx) => assertNoOrderHoldsAccount(tx, userId));
  await spendOtp(deps.db, { ...target, otp });
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await assertNoOrderHoldsAccount(tx, userId);
    await detachOrdersFromUser(tx, userId);
    await forgetContacts(tx, user);
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
  });
  return { message: accountMessages.accountDeleted };
}
