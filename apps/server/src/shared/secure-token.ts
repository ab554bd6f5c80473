import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes as base64url: 43 characters. */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of an opaque token: its SHA-256, hex. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The shape of `generateOpaqueToken`'s output; anything else is refused before a lookup. */
export const OPAQUE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A Sign-In With Ethereum nonce: 192 bits from `randomBytes` as 48 hex
 * characters (EIP-4361 wants at least 8 alphanumeric characters). Not viem's
 * `generateSiweNonce`, which slides a window over a `Math.random` pool: two
 * consecutive nonces of it share all but one character.
 */
export function newSiweNonce(): string {
  return randomBytes(24).toString('hex');
}
