import { eq } from 'drizzle-orm';
import { authMessages } from '../../../contracts/auth';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { assertNotBlocked } from './blocked-account';
import type { GoogleIdentity, GoogleVerifier } from './google-verifier';
import { createSession, type SessionOrigin } from './sessions';
import { toUser } from './user-view';

async function verifiedIdentity(
  verifier: GoogleVerifier,
  credential: string | undefined,
): Promise<GoogleIdentity> {
  if (!credential) throw new AppError('invalid', authMessages.googleInvalid);
  const identity = await verifier.verify(credential).catch(() => {
    throw new AppError('invalid', authMessages.googleInvalid);
  });
  // An unverified address could be anybody's: it must not open, or create, the account that owns it.
  if (!identity.emailVerified || identity.email === '')
    throw new AppError('invalid', authMessages.googleUnverified);
  return identity;
}

async function findOrCreateUser(db: Database, identity: GoogleIdentity) {
  const [bySubject] = await db.select().from(users).where(eq(users.googleSubject, identity.subject)).limit(1);
  if (bySubject) return bySubject;
  const [byEmail] = await db.select().from(users).where(eq(users.email, identity.email)).limit(1);
  if (byEmail) {
    const [linked] = await db
      .update(users)
      .set({
        googleSubject: identity.subject,
        emailVerifiedAt: byEmail.emailVerifiedAt ?? new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, byEmail.id))
      .returning();
    return linked ?? byEmail;
  }
  const [created] = await db
    .insert(users)
    .values({
      email: identity.email,
      googleSubject: identity.subject,
      firstName: identity.givenName,
      lastName: identity.familyName,
      profilePic: identity.picture,
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // Another request created it a moment ago.
  const [existing] = await db.select().from(users).where(eq(users.email, identity.email)).limit(1);
  if (!existing) throw new Error('Google account could not be stored');
  return existing;
}

/** Signs in (or signs up) by a Google ID token whose e-mail Google has verified. */
export async function signInWithGoogle(
  db: Database,
  verifier: GoogleVerifier,
  credential: string | undefined,
  origin: SessionOrigin,
) {
  const identity = await verifiedIdentity(verifier, credential);
  const user = await findOrCreateUser(db, identity);
  assertNotBlocked(user);
  const session = await createSession(db, user.id, origin);
  return { user: toUser(user), token: session.token };
}
