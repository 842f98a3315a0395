import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { notifyMeMessages } from '../../../contracts/notify-me-rules';
import { whatsappPayloads } from '../../../contracts/whatsapp-rules';
import { backInStockEmail, isPromoHour, nextPromoMoment } from '../../../contracts/winback-rules';
import type { Database } from '../../db/client';
import { products, restocks, stockNotifyRequests } from '../../db/schema';
import { AppError } from '../../errors';
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
  type PromoChannel,
  promoCapOf,
  shopperAddressOf,
} from './promo-rules';

// docs/product.md#notify-me: a signed-in shopper asks once per product to be told when it is back; when its stock
// goes from none to N units, at most N of the waiting shoppers are told, in the order they asked, each once; the
// rest wait for the next time it comes back.

const RESTOCK_BATCH = 50;

export interface NotifyMeState {
  waiting: boolean;
  channel: PromoChannel | null;
}

/** Units a checkout could take now: the stock less what checkouts hold (docs/architecture.md#stock). */
async function unitsAvailable(db: Database, productId: number): Promise<number | null> {
  const result = (await db.execute(sql`
    select p.stock - coalesce((select h.units from held_totals h where h.kind = 'product' and h.ref = p.id), 0)
      as units
    from ${products} p where p.id = ${productId} and p.active`)) as unknown as { rows: { units: number }[] };
  const row = result.rows[0];
  return row ? Number(row.units) : null;
}

export async function notifyMeState(db: Database, userId: string, productId: number): Promise<NotifyMeState> {
  const [row] = await db
    .select({ channel: stockNotifyRequests.channel })
    .from(stockNotifyRequests)
    .where(
      and(
        eq(stockNotifyRequests.userId, userId),
        eq(stockNotifyRequests.productId, productId),
        isNull(stockNotifyRequests.restockId),
        isNull(stockNotifyRequests.cancelledAt),
      ),
    );
  return { waiting: row !== undefined, channel: row?.channel ?? null };
}

/** Joins the product's list (once: asking again says so); refused while it is in stock or unreachable. */
export async function askToBeNotified(
  db: Database,
  userId: string,
  productId: number,
  preferred: PromoChannel | undefined,
  whatsappAvailable = false,
): Promise<NotifyMeState & { message: string }> {
  const units = await unitsAvailable(db, productId);
  if (units === null) throw new AppError('not_found', notifyMeMessages.productNotFound);
  const current = await notifyMeState(db, userId, productId);
  if (current.waiting) return { ...current, message: notifyMeMessages.notifyAlready };
  if (units > 0) throw new AppError('conflict', notifyMeMessages.notifyInStock);
  const shopper = await shopperAddressOf(db, userId, whatsappAvailable);
  const address = shopper ? marketingChannelOf(shopper, preferred) : null;
  if (!address) throw new AppError('unprocessable', notifyMeMessages.notifyNoAddress);
  const [written] = await db
    .insert(stockNotifyRequests)
    .values({ userId, productId, channel: address.channel })
    .onConflictDoNothing()
    .returning({ channel: stockNotifyRequests.channel });
  // Two taps at once: the unique index of the waiting list lets one in; the other is told it is on the list.
  if (!written)
    return { ...(await notifyMeState(db, userId, productId)), message: notifyMeMessages.notifyAlready };
  return { waiting: true, channel: written.channel, message: notifyMeMessages.notifyAdded };
}

export async function cancelNotifyMe(db: Database, userId: string, productId: number) {
  await db
    .update(stockNotifyRequests)
    .set({ cancelledAt: sql`now()` })
    .where(
      and(
        eq(stockNotifyRequests.userId, userId),
        eq(stockNotifyRequests.productId, productId),
        isNull(stockNotifyRequests.restockId),
        isNull(stockNotifyRequests.cancelledAt),
      ),
    );
}

/**
 * docs/architecture.md#winback: called by the stock module after every rise of a product's stock, in its
 * transaction (under the product's row lock). The stock before this transaction is the stock less this
 * transaction's movements (their `created_at` is the transaction's `now()`); from none to some, with shoppers
 * waiting, it records a restock of the units there are now, for the restock job.
 */
export async function noteRestock(tx: Database, productId: number): Promise<void> {
  await tx.execute(sql`
    insert into ${restocks} (product_id, units)
    select p.id, p.stock from ${products} p
    where p.id = ${productId} and p.stock > 0
      and p.stock - (select coalesce(sum(m.delta), 0) from stock_movements m
        where m.product_id = p.id and m.created_at = now()) <= 0
      and exists (select 1 from ${stockNotifyRequests} w
        where w.product_id = p.id and w.restock_id is null and w.cancelled_at is null)`);
}

/**
 * The scheduled step (every minute): each restock not yet handled takes, under its product's lock, at most its
 * units of the product's waiting shoppers in the order they asked, and queues their messages in the same
 * transaction. A restock is handled once (its row is locked and stamped); two restocks of one product never take
 * the same shopper.
 */
export async function tellRestocks(db: Database, jobs: Pick<Jobs, 'send'>): Promise<number> {
  const pending = await db
    .select({ id: restocks.id })
    .from(restocks)
    .where(isNull(restocks.processedAt))
    .orderBy(asc(restocks.createdAt))
    .limit(RESTOCK_BATCH);
  let told = 0;
  for (const { id } of pending) {
    told += await db.transaction(async (tx) => {
      const [restock] = await tx
        .select()
        .from(restocks)
        .where(and(eq(restocks.id, id), isNull(restocks.processedAt)))
        .for('update');
      if (!restock) return 0;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`restock:${restock.productId}`}))`);
      const taken = (await tx.execute(sql`
        update ${stockNotifyRequests} set restock_id = ${restock.id}
        where id in (select w.id from ${stockNotifyRequests} w
          where w.product_id = ${restock.productId} and w.restock_id is null and w.cancelled_at is null
          order by w.created_at, w.id limit ${restock.units} for update)
        returning id`)) as unknown as { rows: { id: string }[] };
      for (const request of taken.rows) {
        await jobs.send(
          tx,
          jobQueues.sendBackInStock,
          { requestId: request.id },
          { singletonKey: request.id },
        );
      }
      await tx.update(restocks).set({ processedAt: sql`now()` }).where(eq(restocks.id, restock.id));
      return taken.rows.length;
    });
  }
  return told;
}

async function skipNotice(tx: Database, requestId: string, reason: string) {
  await tx
    .update(stockNotifyRequests)
    .set({ skippedReason: reason })
    .where(eq(stockNotifyRequests.id, requestId));
  promoMessages.inc({ kind: 'back_in_stock', outcome: `skipped_${reason}` });
}

/**
 * The message job. At night, or past the shopper's cap, it comes back when it may go. A product sold out again
 * before it went puts the shopper back on the list in their place (they were never told). Sent once: `told_at` is
 * stamped with the send, under the shopper's promotional lock, and a failed send clears it for the retry.
 */
export async function sendBackInStock(
  db: Database,
  notifier: Notifier,
  jobs: Pick<Jobs, 'send'>,
  job: JobPayloads['stock.back-in-stock'],
  publicUrl: string,
  now = new Date(),
  whatsapp?: WhatsAppClient,
): Promise<void> {
  if (job.fallbackOf) return sendNoticeFallback(db, notifier, jobs, job, publicUrl, now);
  const claim = await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(stockNotifyRequests)
      .where(
        and(
          eq(stockNotifyRequests.id, job.requestId),
          isNotNull(stockNotifyRequests.restockId),
          isNull(stockNotifyRequests.toldAt),
          isNull(stockNotifyRequests.skippedReason),
        ),
      )
      .for('update');
    if (!request) return null;
    await lockShopperPromos(tx, request.userId);
    const later = async (at: Date) => {
      const startAfterSeconds = Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
      await jobs.send(tx, jobQueues.sendBackInStock, job, {
        startAfterSeconds,
        singletonKey: `${request.id}:${at.toISOString()}`,
      });
      return null;
    };
    if (!isPromoHour(now)) return later(nextPromoMoment(now));
    const cap = await promoCapOf(tx, request.userId, now);
    if (cap.reached) return later(cap.freesAt);
    const units = await unitsAvailable(tx, request.productId);
    if (units === null || units <= 0) {
      const back = (await tx.execute(sql`
        update ${stockNotifyRequests} set restock_id = null where id = ${request.id}
          and not exists (select 1 from ${stockNotifyRequests} w where w.user_id = ${request.userId}
            and w.product_id = ${request.productId} and w.restock_id is null and w.cancelled_at is null)
        returning id`)) as unknown as { rows: unknown[] };
      if (back.rows.length === 0) await skipNotice(tx, request.id, 'sold_out');
      return null;
    }
    const shopper = await shopperAddressOf(tx, request.userId, whatsapp !== undefined);
    const address = shopper ? marketingChannelOf(shopper, request.channel) : null;
    if (!shopper || !address) {
      await skipNotice(tx, request.id, 'no_address');
      return null;
    }
    const [product] = await tx
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, request.productId));
    await tx.update(stockNotifyRequests).set({ toldAt: now }).where(eq(stockNotifyRequests.id, request.id));
    return { request, address, title: product?.title ?? '', shopper };
  });
  if (!claim) return;
  const { request, address, title } = claim;
  const link = `${publicUrl.replace(/\/$/, '')}/product/${request.productId}`;
  try {
    if (address.channel === 'whatsapp' && whatsapp) {
      const outcome = await sendWhatsAppOnce(db, whatsapp, {
        dedupeKey: marketingMessageKey.notice(request.id),
        orderId: null,
        kind: 'back_in_stock',
        template: 'back_in_stock',
        to: address.to,
        bodyParameters: [title, link],
        quickReplyPayloads: [whatsappPayloads.optOutMarketing],
      });
      if (outcome.kind === 'failed') {
        // Falls back once to e-mail, else SMS; a retry after a failed fallback claims it again.
        const ours = outcome.fallBack || (await claimFallback(db, outcome.message.id));
        const other = marketingFallbackOf(claim.shopper);
        if (ours && other) {
          try {
            await sendBackInStockBy(notifier, other, title, link);
          } catch (error) {
            await releaseClaimedFallback(db, outcome.message.id);
            throw error;
          }
        }
      }
    } else {
      await sendBackInStockBy(notifier, address, title, link);
    }
  } catch (error) {
    await db.update(stockNotifyRequests).set({ toldAt: null }).where(eq(stockNotifyRequests.id, request.id));
    throw error;
  }
  promoMessages.inc({ kind: 'back_in_stock', outcome: 'sent' });
}

/**
 * docs/product.md#notify-me: a notice whose WhatsApp message failed (its status) goes by e-mail, else SMS, once
 * (the job that claims the fallback); in the quiet hours it waits for the morning.
 */
async function sendNoticeFallback(
  db: Database,
  notifier: Notifier,
  jobs: Pick<Jobs, 'send'>,
  job: JobPayloads['stock.back-in-stock'],
  publicUrl: string,
  now: Date,
) {
  const messageId = job.fallbackOf;
  if (!messageId) return;
  if (!isPromoHour(now)) {
    const at = nextPromoMoment(now);
    await jobs.send(db, jobQueues.sendBackInStock, job, {
      startAfterSeconds: Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000)),
      singletonKey: `wa-fallback-${messageId}:${at.toISOString()}`,
    });
    return;
  }
  const [request] = await db
    .select()
    .from(stockNotifyRequests)
    .where(and(eq(stockNotifyRequests.id, job.requestId), isNotNull(stockNotifyRequests.toldAt)));
  if (!request) return;
  const shopper = await shopperAddressOf(db, request.userId);
  const other = shopper ? marketingFallbackOf(shopper) : null;
  if (!other) return;
  if (!(await claimFallback(db, messageId))) return;
  const [product] = await db
    .select({ title: products.title })
    .from(products)
    .where(eq(products.id, request.productId));
  const link = `${publicUrl.replace(/\/$/, '')}/product/${request.productId}`;
  try {
    await sendBackInStockBy(notifier, other, product?.title ?? '', link);
  } catch (error) {
    await releaseClaimedFallback(db, messageId);
    throw error;
  }
  promoMessages.inc({ kind: 'back_in_stock', outcome: 'fell_back' });
}

/** The notice by e-mail or SMS. */
async function sendBackInStockBy(notifier: Notifier, address: PromoAddress, title: string, link: string) {
  if (address.channel === 'email') {
    const fill = (text: string) => text.replaceAll('{product}', title).replaceAll('{link}', link);
    await notifier.email({
      to: address.to,
      subject: fill(backInStockEmail.subject),
      text: `Hello,\n\n${fill(backInStockEmail.text)}\n\nOttoman Mittens`,
    });
  } else {
    const variables = { product: title, link };
    await notifier.sms({
      to: address.to,
      text: fillSmsTemplate('back_in_stock', variables),
      template: 'back_in_stock',
      variables,
    });
  }
}
