import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { whatsappPayloads } from '../../../contracts/whatsapp-rules';
import {
  isPromoHour,
  REMINDER_LATEST_AFTER_DUE_HOURS,
  REMINDER_LINK_DAYS,
  REMINDER_OPT_OUT_LINE,
  type ReminderStep,
  reminderEmails,
  reminderOptOutPath,
  reminderResumePath,
  reminderVerdict,
} from '../../../contracts/winback-rules';
import type { Database } from '../../db/client';
import { checkoutReminders, coupons, orderItems, orders, reminderOptOuts } from '../../db/schema';
import { type JobPayloads, type Jobs, jobQueues } from '../../job-queues';
import { promoMessages } from '../../metrics';
import type { WhatsAppClient } from '../../providers/whatsapp/client';
import type { Notifier } from '../notifications/notifier';
import { fillSmsTemplate } from '../notifications/sms-templates';
import { claimFallback, releaseClaimedFallback, sendWhatsAppOnce } from '../whatsapp/messages';
import {
  lockShopperPromos,
  marketingChannelOf,
  marketingFallbackOf,
  marketingMessageKey,
  type PromoAddress,
  type PromoShopper,
  promoCapOf,
  shopperAddressOf,
} from './promo-rules';
import { readWinbackSettings } from './winback-settings';

// docs/product.md#winback: a checkout left unpaid (online) or unconfirmed (cash on delivery) gets up to two
// reminders, at the owner's delays after PLACE ORDER, within the promotional hours and the shopper's cap, with a
// link back to checkout with the same cart and code. Never after it was paid, its cart changed, another checkout
// was made, or the shopper opted out.

const MINUTE_MS = 60_000;
const HOUR_MS = 3600_000;
const BATCH = 500;

export type ReminderSkip =
  | 'stale'
  | 'superseded'
  | 'opted_out'
  | 'paid'
  | 'order_closed'
  | 'ordered_again'
  | 'cart_changed'
  | 'capped'
  | 'no_address'
  | 'disabled';

export const hashReminderToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A checkout still waiting for its money or its confirmation, or given up for want of them (the reconciler's
 * abandonment, a COD order's confirmation expiring): never one the shopper cancelled or a newer checkout replaced.
 */
const unpaidCheckout = sql`(
  (o.payment_method = 'Online' and ((o.status = 'pending' and o.payment_status = 'pending')
    or (o.status = 'cancelled' and o.payment_status = 'failed')))
  or (o.payment_method = 'COD' and o.cod_confirmed_at is null and o.payment_status = 'cod_due'
    and (o.status = 'pending' or (o.status = 'cancelled' and o.cod_confirm_by <= o.updated_at))))`;

/**
 * The scheduled step (every minute): every checkout whose reminder is due and not yet decided gets its row: queued
 * with its job in one transaction, or skipped with why. At night nothing is decided: at 9:00 am what came due
 * waits no more (a first reminder whose second is due by then is dropped for it).
 */
export async function queueDueReminders(db: Database, jobs: Jobs, now = new Date()): Promise<number> {
  const settings = await readWinbackSettings(db);
  if (!settings.enabled || !isPromoHour(now)) return 0;
  let queued = 0;
  const delays: Record<ReminderStep, number> = {
    1: settings.firstDelayMinutes,
    2: settings.secondDelayMinutes,
  };
  for (const step of [1, 2] as const) {
    const dueBefore = new Date(now.getTime() - delays[step] * MINUTE_MS);
    const notBefore = new Date(dueBefore.getTime() - REMINDER_LATEST_AFTER_DUE_HOURS * HOUR_MS);
    const due = (await db.execute(sql`
      select o.id, o.user_id, o.created_at,
        exists (select 1 from ${reminderOptOuts} x where x.user_id = o.user_id) as opted_out
      from ${orders} o
      where o.created_at > ${notBefore.toISOString()} and o.created_at <= ${dueBefore.toISOString()}
        and o.user_id is not null and o.replacement_of_order_id is null and ${unpaidCheckout}
        and not exists (select 1 from ${checkoutReminders} r where r.order_id = o.id and r.step = ${step})
        and not exists (select 1 from ${orders} n where n.user_id = o.user_id and n.created_at > o.created_at)
      order by o.created_at limit ${BATCH}`)) as unknown as {
      rows: { id: string; user_id: string; created_at: string | Date; opted_out: boolean }[];
    };
    for (const row of due.rows) {
      const placedAt = new Date(row.created_at).getTime();
      const dueAt = new Date(placedAt + delays[step] * MINUTE_MS);
      const verdict = reminderVerdict(step, dueAt, now, new Date(placedAt + delays[2] * MINUTE_MS));
      if (!verdict.send && verdict.wait) continue;
      const skippedReason: ReminderSkip | null = verdict.send
        ? row.opted_out
          ? 'opted_out'
          : null
        : verdict.reason;
      await db.transaction(async (tx) => {
        const [written] = await tx
          .insert(checkoutReminders)
          .values({
            orderId: row.id,
            userId: row.user_id,
            step,
            dueAt,
            status: skippedReason ? 'skipped' : 'queued',
            skippedReason,
          })
          .onConflictDoNothing()
          .returning({ id: checkoutReminders.id });
        if (!written) return;
        if (skippedReason) {
          promoMessages.inc({ kind: 'checkout_reminder', outcome: `skipped_${skippedReason}` });
          return;
        }
        await jobs.send(
          tx,
          jobQueues.sendCheckoutReminder,
          { reminderId: written.id },
          { singletonKey: written.id },
        );
        queued += 1;
      });
    }
  }
  return queued;
}

type OrderRow = typeof orders.$inferSelect;

function isUnpaid(order: OrderRow): boolean {
  if (order.paymentMethod === 'COD') {
    if (order.codConfirmedAt || order.paymentStatus !== 'cod_due') return false;
    return (
      order.status === 'pending' ||
      (order.status === 'cancelled' && !!order.codConfirmBy && order.codConfirmBy <= order.updatedAt)
    );
  }
  return (
    (order.status === 'pending' && order.paymentStatus === 'pending') ||
    (order.status === 'cancelled' && order.paymentStatus === 'failed')
  );
}

/** The shopper's cart still holds exactly the checkout's lines (product, size, units) and its code. */
export async function cartStillMatches(db: Database, orderId: string, userId: string): Promise<boolean> {
  const result = (await db.execute(sql`
    select
      (select coalesce(jsonb_agg(jsonb_build_array(i.product_id, i.size, i.quantity)
         order by i.product_id, i.size), '[]'::jsonb) from order_items i where i.order_id = ${orderId})
      = (select coalesce(jsonb_agg(jsonb_build_array(c.product_id, c.size, c.quantity)
         order by c.product_id, c.size), '[]'::jsonb) from cart_lines c where c.user_id = ${userId})
      and coalesce((select upper(o.coupon_code) from orders o where o.id = ${orderId}), '')
        = coalesce((select upper(k.coupon_code) from carts k where k.user_id = ${userId}), '')
      as same`)) as unknown as { rows: { same: boolean }[] };
  return result.rows[0]?.same === true;
}

async function whyNotSend(
  tx: Database,
  reminder: typeof checkoutReminders.$inferSelect,
  order: OrderRow,
  now: Date,
): Promise<ReminderSkip | null> {
  if (!(await readWinbackSettings(tx)).enabled) return 'disabled';
  const [opted] = await tx.select().from(reminderOptOuts).where(eq(reminderOptOuts.userId, reminder.userId));
  if (opted) return 'opted_out';
  if (!isUnpaid(order)) {
    return order.paidAt || order.codConfirmedAt ? 'paid' : 'order_closed';
  }
  const newer = (await tx.execute(sql`select 1 from ${orders} n where n.user_id = ${reminder.userId}
    and n.created_at > ${order.createdAt.toISOString()} limit 1`)) as unknown as { rows: unknown[] };
  if (newer.rows.length > 0) return 'ordered_again';
  if (!(await cartStillMatches(tx, order.id, reminder.userId))) return 'cart_changed';
  if ((await promoCapOf(tx, reminder.userId, now)).reached) return 'capped';
  return null;
}

/** The owner's code for the second reminder while it is still usable, else none. */
async function offeredCode(db: Database, step: number, now: Date): Promise<string | null> {
  if (step !== 2) return null;
  const { secondReminderCode } = await readWinbackSettings(db);
  if (!secondReminderCode) return null;
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, secondReminderCode));
  if (coupon?.status !== 'active') return null;
  if (coupon.validFrom > now || (coupon.validUntil && coupon.validUntil <= now)) return null;
  return coupon.code;
}

/**
 * The message job: checks everything again under the shopper's promotional lock (the cap counts a message going as
 * sent), then sends. A reminder sent or skipped is never sent again; one whose send failed is tried again by the
 * job's retry, with a new link.
 */
export async function sendCheckoutReminder(
  db: Database,
  notifier: Notifier,
  job: JobPayloads['checkout.reminder'],
  publicUrl: string,
  now = new Date(),
  whatsapp?: WhatsAppClient,
): Promise<void> {
  if (job.fallbackOf)
    return sendReminderFallback(db, notifier, job.reminderId, job.fallbackOf, publicUrl, now);
  const claim = await db.transaction(async (tx) => {
    const [reminder] = await tx
      .select()
      .from(checkoutReminders)
      .where(and(eq(checkoutReminders.id, job.reminderId), eq(checkoutReminders.status, 'queued')))
      .for('update');
    if (!reminder) return null;
    await lockShopperPromos(tx, reminder.userId);
    const [order] = await tx.select().from(orders).where(eq(orders.id, reminder.orderId));
    const skip = async (reason: ReminderSkip) => {
      await tx
        .update(checkoutReminders)
        .set({ status: 'skipped', skippedReason: reason })
        .where(eq(checkoutReminders.id, reminder.id));
      promoMessages.inc({ kind: 'checkout_reminder', outcome: `skipped_${reason}` });
      return null;
    };
    if (!order) return skip('order_closed');
    // A job run late into the night (a retry, a backlog) hands its reminder back to the sweep, which decides it
    // again at 9:00 am with the rules of a reminder that waited the night.
    if (!isPromoHour(now)) {
      await tx.delete(checkoutReminders).where(eq(checkoutReminders.id, reminder.id));
      return null;
    }
    const why = await whyNotSend(tx, reminder, order, now);
    if (why) return skip(why);
    const shopper = await shopperAddressOf(tx, reminder.userId, whatsapp !== undefined);
    const address = shopper ? marketingChannelOf(shopper) : null;
    if (!shopper || !address) return skip('no_address');
    const token = randomBytes(24).toString('base64url');
    const code = await offeredCode(tx, reminder.step, now);
    await tx
      .update(checkoutReminders)
      .set({
        status: 'sending',
        channel: address.channel,
        linkHash: hashReminderToken(token),
        couponCode: code,
        sentAt: now,
      })
      .where(eq(checkoutReminders.id, reminder.id));
    return { reminder, address, token, code, name: shopper.firstName ?? '', shopper };
  });
  if (!claim) return;
  const { reminder } = claim;
  try {
    if (claim.address.channel === 'whatsapp' && whatsapp) {
      await sendReminderByWhatsApp(db, notifier, whatsapp, claim, publicUrl);
    } else {
      await sendReminderMessage(db, notifier, claim, publicUrl);
    }
  } catch (error) {
    // Handed back for the job's retry, which checks everything again. A crash right here leaves the reminder
    // `sending`, never sent twice: a promotional message is better lost than repeated.
    await db
      .update(checkoutReminders)
      .set({ status: 'queued', linkHash: null, sentAt: null })
      .where(and(eq(checkoutReminders.id, reminder.id), eq(checkoutReminders.status, 'sending')));
    throw error;
  }
  await db
    .update(checkoutReminders)
    .set({ status: 'sent' })
    .where(and(eq(checkoutReminders.id, reminder.id), eq(checkoutReminders.status, 'sending')));
  promoMessages.inc({ kind: 'checkout_reminder', outcome: 'sent' });
}

/**
 * docs/product.md#winback: a reminder whose WhatsApp message failed (its status) goes by e-mail, else SMS, once
 * (the job that claims the fallback), with a new link (the failed message's is dropped). At night it is dropped:
 * a reminder is not worth a message in the quiet hours.
 */
async function sendReminderFallback(
  db: Database,
  notifier: Notifier,
  reminderId: string,
  messageId: string,
  publicUrl: string,
  now: Date,
) {
  if (!isPromoHour(now)) return;
  const [reminder] = await db
    .select()
    .from(checkoutReminders)
    // `sending` too: Meta's failed status can outrun the reminder job's own record of the send.
    .where(and(eq(checkoutReminders.id, reminderId), inArray(checkoutReminders.status, ['sending', 'sent'])));
  if (!reminder) return;
  const shopper = await shopperAddressOf(db, reminder.userId);
  const other = shopper ? marketingFallbackOf(shopper) : null;
  if (!shopper || !other) return;
  if (!(await claimFallback(db, messageId))) return;
  const token = randomBytes(24).toString('base64url');
  try {
    await db
      .update(checkoutReminders)
      .set({ channel: other.channel, linkHash: hashReminderToken(token) })
      .where(eq(checkoutReminders.id, reminder.id));
    await sendReminderMessage(
      db,
      notifier,
      { reminder, address: other, token, code: reminder.couponCode, name: shopper.firstName ?? '', shopper },
      publicUrl,
    );
  } catch (error) {
    await releaseClaimedFallback(db, messageId);
    throw error;
  }
  promoMessages.inc({ kind: 'checkout_reminder', outcome: 'fell_back' });
}

type ReminderClaim = {
  reminder: typeof checkoutReminders.$inferSelect;
  address: PromoAddress;
  token: string;
  code: string | null;
  name: string;
  shopper: PromoShopper;
};

async function productsOf(db: Database, orderId: string): Promise<string> {
  const titles = await db
    .select({ title: orderItems.title })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return [...new Set(titles.map((item) => item.title))].join(', ');
}

/**
 * docs/product.md#winback: the reminder on WhatsApp (its marketing template), once per reminder whatever the
 * retries. A send error falls back to e-mail, else SMS, once (the fallback is claimed on the message); a failed
 * fallback is handed back for the job's retry.
 */
async function sendReminderByWhatsApp(
  db: Database,
  notifier: Notifier,
  whatsapp: WhatsAppClient,
  claim: ReminderClaim,
  publicUrl: string,
) {
  const { reminder, code } = claim;
  const link = `${publicUrl.replace(/\/$/, '')}${reminderResumePath(claim.token)}`;
  const products = await productsOf(db, reminder.orderId);
  const name = claim.name || 'there';
  const outcome = await sendWhatsAppOnce(db, whatsapp, {
    dedupeKey: marketingMessageKey.reminder(reminder.id),
    orderId: reminder.orderId,
    kind: 'checkout_reminder',
    template: code ? 'checkout_reminder_code' : 'checkout_reminder',
    to: claim.address.to,
    bodyParameters: code ? [name, products, code, link] : [name, products, link],
    quickReplyPayloads: [whatsappPayloads.optOutMarketing],
  });
  if (outcome.kind === 'sent') return;
  // A retry after a failed fallback finds the message failed and its claim released: it claims it again.
  const ours = outcome.fallBack || (await claimFallback(db, outcome.message.id));
  if (!ours) return;
  const other = marketingFallbackOf(claim.shopper);
  if (!other) return;
  try {
    await sendReminderMessage(db, notifier, { ...claim, address: other }, publicUrl);
  } catch (error) {
    await releaseClaimedFallback(db, outcome.message.id);
    throw error;
  }
  await db
    .update(checkoutReminders)
    .set({ channel: other.channel })
    .where(eq(checkoutReminders.id, reminder.id));
}

async function sendReminderMessage(
  db: Database,
  notifier: Notifier,
  claim: ReminderClaim,
  publicUrl: string,
) {
  const { reminder, address, token, code } = claim;
  const base = publicUrl.replace(/\/$/, '');
  const link = `${base}${reminderResumePath(token)}`;
  const optOut = `${base}${reminderOptOutPath(token)}`;
  if (address.channel === 'email') {
    const facts: Record<string, string> = {
      products: await productsOf(db, reminder.orderId),
      link,
      code: code ?? '',
      optOut,
    };
    const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, key: string) => facts[key] ?? '');
    const words = reminderEmails[reminder.step === 2 ? 2 : 1];
    const body = [fill(words.text)];
    if (code && 'withCode' in words) body.push(fill(words.withCode));
    body.push(fill(REMINDER_OPT_OUT_LINE));
    await notifier.email({
      to: address.to,
      subject: fill(words.subject),
      text: `Hello ${claim.name || 'there'},\n\n${body.join('\n\n')}\n\nOttoman Mittens`,
    });
    return;
  }
  const template = code ? 'checkout_reminder_code' : 'checkout_reminder';
  const variables: Record<string, string> = code ? { link, optout: optOut, code } : { link, optout: optOut };
  await notifier.sms({ to: address.to, text: fillSmsTemplate(template, variables), template, variables });
}

/** docs/product.md#winback-consent: no more checkout reminders (twice changes nothing), honoured at once. */
export async function optOutOfReminders(db: Database, userId: string) {
  await db.insert(reminderOptOuts).values({ userId }).onConflictDoNothing();
}

export async function optInToReminders(db: Database, userId: string) {
  await db.delete(reminderOptOuts).where(eq(reminderOptOuts.userId, userId));
}

export async function remindersOptedOut(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select().from(reminderOptOuts).where(eq(reminderOptOuts.userId, userId));
  return row !== undefined;
}

/** The reminder a link's token names, while the link lives (docs/product.md#winback-links). */
export async function reminderOfToken(db: Database, token: string, now = new Date()) {
  if (token.length < 16 || token.length > 64) return undefined;
  const [reminder] = await db
    .select()
    .from(checkoutReminders)
    .where(eq(checkoutReminders.linkHash, hashReminderToken(token)));
  if (!reminder?.sentAt) return undefined;
  if (now.getTime() - reminder.sentAt.getTime() > REMINDER_LINK_DAYS * 24 * HOUR_MS) return undefined;
  return reminder;
}
