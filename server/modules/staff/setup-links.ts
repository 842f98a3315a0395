import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffSetupLinks } from '../../db/schema';
import { hashToken, newOpaqueToken } from '../auth/tokens';

/** docs/architecture.md#staff: a set-up link works once, within 24 hours. */
export const SETUP_LINK_VALID_MS = 24 * 60 * 60 * 1000;

export function setupUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/admin/setup/${token}`;
}

export async function createSetupLink(db: Database, staffId: string): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(staffSetupLinks).values({
    staffId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SETUP_LINK_VALID_MS),
  });
  return token;
}

/** The unused, unexpired link a token names. */
export async function findUsableSetupLink(db: Database, token: string) {
  const [link] = await db
    .select({ id: staffSetupLinks.id, staffId: staffSetupLinks.staffId })
    .from(staffSetupLinks)
    .where(
      and(
        eq(staffSetupLinks.tokenHash, hashToken(token)),
        isNull(staffSetupLinks.usedAt),
        gt(staffSetupLinks.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return link;
}

/** Uses the link up; false when someone else used it first. */
export async function markSetupLinkUsed(db: Database, linkId: string): Promise<boolean> {
  const used = await db
    .update(staffSetupLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(staffSetupLinks.id, linkId), isNull(staffSetupLinks.usedAt)))
    .returning({ id: staffSetupLinks.id });
  return used.length > 0;
}
