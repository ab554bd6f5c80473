import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for the two-factor secrets at rest. Stored form:
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); the user id is the additional
 * authenticated data, so a secret copied to another account does not decrypt.
 */
export interface SecretBox {
  seal(plaintext: string, userId: string): string;
  /** Throws when the value was not sealed with this key for this user. */
  open(sealed: string, userId: string): string;
}

export function createSecretBox(keyHex: string): SecretBox {
  const key = Buffer.from(keyHex, 'hex');
  if (key.length !== 32) throw new Error('The two-factor encryption key must be 32 bytes');
  return {
    seal(plaintext, userId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(
        '.',
      );
    },
    open(sealed, userId) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || iv === undefined || tag === undefined || ciphertext === undefined) {
        throw new Error('Not a sealed two-factor secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(userId, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
