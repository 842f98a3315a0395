import { Secret, TOTP } from 'otpauth';

// docs/architecture.md#staff: RFC 6238 defaults (SHA-1, 6 digits, 30 s) that every authenticator app reads.
const ISSUER = 'Ottoman Mittens';
const PERIOD_SECONDS = 30;
// One step either side, for a phone clock a little off.
const WINDOW_STEPS = 1;

function totpFor(secretBase32: string, label: string) {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secretBase32: string, email: string): string {
  return totpFor(secretBase32, email).toString();
}

/** The time step a code belongs to, when it is valid now (within one step of the clock); otherwise null. */
export function matchingTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpFor(secretBase32, '');
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  if (delta === null) return null;
  return totp.counter({ timestamp: now }) + delta;
}
