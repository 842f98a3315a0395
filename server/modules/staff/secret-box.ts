import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// docs/architecture.md#staff: TOTP secrets are stored sealed (AES-256-GCM) under STAFF_SECRETS_KEY, so a copy of
// the database (a backup, a leaked dump) cannot make console codes. Production requires the key; elsewhere a
// fixed development key stands in.
const SEALED_PREFIX = 'sealed.v1.';
const DEVELOPMENT_KEY = 'development only: production sets STAFF_SECRETS_KEY';

export interface SecretBox {
  seal(plain: string): string;
  /** The plain secret; a value stored before secrets were sealed is returned as it is. */
  open(stored: string): string;
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

export function secretBox(configuredKey: string | undefined): SecretBox {
  const key = createHash('sha256')
    .update(configuredKey ?? DEVELOPMENT_KEY)
    .digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
      return SEALED_PREFIX + parts.join('.');
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const [iv, tag, sealed] = stored
        .slice(SEALED_PREFIX.length)
        .split('.')
        .map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !sealed) throw new Error('a sealed secret is malformed');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    },
  };
}
