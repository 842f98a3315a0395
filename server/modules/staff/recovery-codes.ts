import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '../../../contracts/staff';
import type { Database } from '../../db/client';
import { staffRecoveryCodes } from '../../db/schema';
import { hashToken } from '../auth/tokens';

// Crockford-like alphabet without 0/O and 1/I/L, so a code copied from paper is read right.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const characters = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
}

/** The form a code is stored and compared in: upper case, no spaces or dashes. */
function canonical(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/** Replaces a member's recovery codes with 10 new ones, returned once in clear and stored hashed. */
export async function issueRecoveryCodes(db: Database, staffId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await db
    .insert(staffRecoveryCodes)
    .values(codes.map((code) => ({ staffId, codeHash: hashToken(canonical(code)) })));
  return codes;
}

/** Marks an unused code of the member used; false when there is no such code. One statement, so it works once. */
export async function consumeRecoveryCode(db: Database, staffId: string, code: string): Promise<boolean> {
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, hashToken(canonical(code))),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length > 0;
}
