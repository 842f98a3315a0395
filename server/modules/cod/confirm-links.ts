import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { codConfirmLinks } from '../../db/schema';
import { hashToken, newOpaqueToken } from '../auth/tokens';

// docs/product.md#cash-on-delivery: the link that confirms a COD order without the OTP. Only its hash is stored;
// each link works once, and not after the order's time to confirm.

/** A new link token for the order, good until `expiresAt`. */
export async function newCodConfirmToken(db: Database, orderId: string, expiresAt: Date): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(codConfirmLinks).values({ tokenHash: hashToken(token), orderId, expiresAt });
  return token;
}

/** Spends the token in the caller's transaction: the order it confirms, or undefined (unknown, used, expired). */
export async function spendCodConfirmToken(tx: Database, token: string): Promise<string | undefined> {
  const [spent] = await tx
    .update(codConfirmLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(codConfirmLinks.tokenHash, hashToken(token)),
        isNull(codConfirmLinks.usedAt),
        gt(codConfirmLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ orderId: codConfirmLinks.orderId });
  return spent?.orderId;
}

/** The order a live (unused, unexpired) token confirms; undefined otherwise. */
export async function orderOfCodConfirmToken(db: Database, token: string): Promise<string | undefined> {
  const [link] = await db
    .select({ orderId: codConfirmLinks.orderId })
    .from(codConfirmLinks)
    .where(
      and(
        eq(codConfirmLinks.tokenHash, hashToken(token)),
        isNull(codConfirmLinks.usedAt),
        gt(codConfirmLinks.expiresAt, sql`now()`),
      ),
    );
  return link?.orderId;
}
