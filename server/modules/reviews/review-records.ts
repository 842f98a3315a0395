import { and, asc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  DEFAULT_REVIEW_SETTINGS,
  REVIEW_LINK_DAYS,
  type ReviewSettings,
} from '../../../contracts/review-rules';
import type { Database } from '../../db/client';
import { orderItems, orders, reviewLinks, reviewSettings, users } from '../../db/schema';
import { hashToken, newOpaqueToken } from '../auth/tokens';
import type { BoughtLine } from './review-eligibility';

// docs/product.md#reviews: what the review rules read: the shopper's lines of a product with what they returned
// for a refund, the owner's settings, and the links of review requests.

/**
 * Who writes a review: a signed-in shopper (`orderId` null: any order of theirs), or the holder of a review link
 * (the link's shopper, for that one order).
 */
export interface ReviewAuthor {
  userId: string;
  orderId: string | null;
}

// docs/product.md#review-eligibility: units on a return for a refund count while the return holds them (every
// status but refused and closed: server/modules/returns/return-eligibility.ts#holdsItsUnits).
// Names written out: Drizzle leaves a one-table select's columns unqualified, which the subquery would misread.
const refundReturnedUnits = sql<number>`coalesce((
    select sum(rl.units) from return_lines rl join returns r on r.id = rl.return_id
    where rl.order_item_id = "order_items"."id"
      and r.resolution = 'refund' and r.status not in ('refused', 'closed')
  ), 0)`.mapWith(Number);

/** Lines of orders of the author's (of their link's order), with what was returned for a refund. */
export async function boughtLinesOf(
  db: Database,
  author: ReviewAuthor,
  where?: SQL,
): Promise<(BoughtLine & { productId: number; title: string; deliveredOrder: boolean })[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      orderStatus: orders.status,
      productId: orderItems.productId,
      title: orderItems.title,
      quantity: orderItems.quantity,
      refundReturnedUnits,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, author.userId),
        author.orderId ? eq(orders.id, author.orderId) : undefined,
        where,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orderItems.id));
  return rows.map((row) => ({ ...row, deliveredOrder: row.orderStatus === 'delivered' }));
}

/** The author's lines of one product. */
export function linesOfProduct(db: Database, author: ReviewAuthor, productId: number) {
  return boughtLinesOf(db, author, eq(orderItems.productId, productId));
}

/** The lines of an order (for the review request job: did the shopper return everything?). */
export async function orderLinesWithReturns(db: Database, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: orderItems.orderId, quantity: orderItems.quantity, refundReturnedUnits })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]));
}

export async function readReviewSettings(db: Database): Promise<ReviewSettings> {
  const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.id, 1));
  if (!row) return DEFAULT_REVIEW_SETTINGS;
  return { autoPublish: row.autoPublish, requestDelayDays: row.requestDelayDays };
}

/** A review link for the order's shopper, good for REVIEW_LINK_DAYS. Only its hash is stored. */
export async function newReviewLink(db: Database, orderId: string, userId: string, now = new Date()) {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + REVIEW_LINK_DAYS * 24 * 3600_000);
  await db.insert(reviewLinks).values({ tokenHash: hashToken(token), orderId, userId, expiresAt });
  return { token, expiresAt };
}

/**
 * The author a live link stands for; undefined for a token unknown or expired, or a shopper the shop blocked
 * (docs/product.md#customers: a blocked shopper is signed out everywhere, and a link is no way back in).
 */
export async function authorOfReviewLink(db: Database, token: string): Promise<ReviewAuthor | undefined> {
  const [link] = await db
    .select({ userId: reviewLinks.userId, orderId: reviewLinks.orderId })
    .from(reviewLinks)
    .innerJoin(users, eq(users.id, reviewLinks.userId))
    .where(
      and(
        eq(reviewLinks.tokenHash, hashToken(token)),
        gt(reviewLinks.expiresAt, sql`now()`),
        isNull(users.blockedAt),
      ),
    );
  return link;
}
