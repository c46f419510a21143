import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Two keys are derived from the one configured SECRETS_KEY (config.ts), each for one use, so a
 * recovery code's hash can never be mistaken for a secret's encryption or the other way round.
 */
function subkey(key: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `pixelhall ${purpose}`, 32));
}

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets at rest. The member's id is the additional data, so a sealed secret
 * moved to another member's row no longer opens.
 */
export function secretBox(key: Buffer) {
  const sealKey = subkey(key, 'totp secrets');
  return {
    seal(userId: number, plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      cipher.setAAD(Buffer.from(`user:${userId}`));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },

    /** Throws when the text was sealed under another key or for another member, or was altered. */
    open(userId: number, sealed: string): string {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || !iv || !body || !tag) throw new Error('unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(`user:${userId}`));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;

/**
 * Recovery codes are 50 random bits, so a slow password hash buys nothing against guessing
 * online (the guesses are limited) and would cost ten Argon2 checks per try, one per code, as a
 * salted hash cannot be looked up. A keyed hash can be looked up, and without the key a stolen
 * table cannot be searched offline at all.
 */
export function recoveryCodeHasher(key: Buffer): (normalizedCode: string) => string {
  const hashKey = subkey(key, 'recovery codes');
  return (code) => createHmac('sha256', hashKey).update(code).digest('base64url');
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** `abcde-fgh23`: ten base32 characters, 50 random bits (256 is a multiple of 32, so no bias). */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => BASE32[byte & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
