import { and, eq, isNotNull, notLike, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { authMessages } from '../../../contracts/auth';
import { type StaffSetupBody, type StaffSetupInfo, staffConsoleMessages } from '../../../contracts/staff';
import type { Database } from '../../db/client';
import { staff } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit-log';
import { hashPassword, isCommonPassword } from '../auth/passwords';
import { issueRecoveryCodes } from './recovery-codes';
import { isSealed, type SecretBox } from './secret-box';
import { findUsableSetupLink, markSetupLinkUsed } from './setup-links';
import { matchingTotpStep, newTotpSecret, otpauthUrl } from './totp';

async function memberOfLink(db: Database, token: string) {
  const link = await findUsableSetupLink(db, token);
  if (!link) throw new AppError('not_found', staffConsoleMessages.setupLinkInvalid);
  const [member] = await db.select().from(staff).where(eq(staff.id, link.staffId)).limit(1);
  if (!member || member.disabledAt) throw new AppError('not_found', staffConsoleMessages.setupLinkInvalid);
  return { link, member };
}

/**
 * What the set-up page shows: the TOTP secret to scan. A secret not yet confirmed is kept, so opening the
 * page again shows the same QR code as the one already scanned.
 */
export async function setupInfo(db: Database, token: string, box: SecretBox): Promise<StaffSetupInfo> {
  const { member } = await memberOfLink(db, token);
  let secret = member.totpConfirmedAt || !member.totpSecret ? null : box.open(member.totpSecret);
  if (!secret) {
    secret = newTotpSecret();
    await db
      .update(staff)
      .set({ totpSecret: box.seal(secret), totpConfirmedAt: null, lastTotpStep: null, updatedAt: sql`now()` })
      .where(eq(staff.id, member.id));
  }
  const url = otpauthUrl(secret, member.email);
  return {
    email: member.email,
    name: member.name,
    totpSecret: secret,
    otpauthUrl: url,
    qrCodeDataUrl: await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
  };
}

/**
 * docs/product.md#staff: the password (the shoppers' strength rules), one code proving the authenticator
 * works, then 10 recovery codes shown once. The link is used up in the same transaction.
 */
export async function completeSetup(
  db: Database,
  token: string,
  body: StaffSetupBody,
  ipAddress: string,
  box: SecretBox,
) {
  if (isCommonPassword(body.password)) throw new AppError('invalid', authMessages.commonPassword);
  const { link, member } = await memberOfLink(db, token);
  const step = member.totpSecret ? matchingTotpStep(box.open(member.totpSecret), body.code) : null;
  if (step === null) throw new AppError('invalid', staffConsoleMessages.setupCodeWrong);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    if (!(await markSetupLinkUsed(tx, link.id))) {
      throw new AppError('not_found', staffConsoleMessages.setupLinkInvalid);
    }
    await tx
      .update(staff)
      .set({ passwordHash, totpConfirmedAt: sql`now()`, lastTotpStep: step, updatedAt: sql`now()` })
      .where(eq(staff.id, member.id));
    const recoveryCodes = await issueRecoveryCodes(tx, member.id);
    await recordAudit(tx, {
      staffId: member.id,
      action: 'staff.setup',
      entityType: 'staff',
      entityId: member.id,
      before: { status: member.totpConfirmedAt ? 'active' : 'invited' },
      after: { status: 'active' },
      ipAddress,
    });
    return { message: staffConsoleMessages.setupDone, recoveryCodes };
  });
}

/**
 * docs/architecture.md#staff: secrets stored before they were sealed are sealed at start. Idempotent, so
 * processes starting at once do no harm: each seals the same secret.
 */
export async function sealUnsealedTotpSecrets(db: Database, box: SecretBox) {
  const members = await db
    .select({ id: staff.id, totpSecret: staff.totpSecret })
    .from(staff)
    .where(and(isNotNull(staff.totpSecret), notLike(staff.totpSecret, 'sealed.%')));
  for (const member of members) {
    if (!member.totpSecret || isSealed(member.totpSecret)) continue;
    await db
      .update(staff)
      .set({ totpSecret: box.seal(member.totpSecret) })
      .where(eq(staff.id, member.id));
  }
}
