import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque, unguessable token (256 bits) for sessions and verification tickets. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256: a copy of the table opens no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Six digits from the OS's CSPRNG, leading zeros kept. */
export function newOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
