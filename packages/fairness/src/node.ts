/**
 * `@shifumi/fairness/node`: the server side of transcripts, on `node:crypto`:
 * reading the signing key, its public half, and signing. Never imported by
 * the web app.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import type { Transcript, UnsignedTranscript } from '@shifumi/protocol';
import type { FairnessCrypto } from './crypto';
import { fromBase64, toBase64 } from './encoding';
import { signedBytes } from './transcript-bytes';

/** The DER prefix that turns a raw 32-byte Ed25519 seed into PKCS#8 (RFC 8410). */
const PKCS8_ED25519_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);
/** The DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const SPKI_ED25519_PREFIX_LENGTH = 12;

/** {@link FairnessCrypto} on `node:crypto`. */
export const nodeFairnessCrypto: FairnessCrypto = {
  sha256(data) {
    return Promise.resolve(new Uint8Array(createHash('sha256').update(data).digest()));
  },
  verifyEd25519(publicKey, message, signature) {
    if (publicKey.length !== 32 || signature.length !== 64) return Promise.resolve(false);
    try {
      const key = createPublicKey({ key: Buffer.concat([spkiPrefix(), publicKey]), format: 'der', type: 'spki' });
      return Promise.resolve(verify(null, message, key, signature));
    } catch {
      return Promise.resolve(false);
    }
  },
};

function spkiPrefix(): Buffer {
  // 30 2a 30 05 06 03 2b 65 70 03 21 00: SEQUENCE { SEQUENCE { OID 1.3.101.112 } BIT STRING (33 bytes, 0 unused bits) }.
  return Buffer.from([0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]);
}

/** Why a signing key was refused; the message never contains the key. */
export class SigningKeyError extends Error {
  override name = 'SigningKeyError';
}

/**
 * Reads an Ed25519 signing key given as PKCS#8 PEM (`-----BEGIN PRIVATE
 * KEY-----`) or as the base64 of its 32-byte seed. Throws
 * {@link SigningKeyError} otherwise.
 */
export function parseSigningKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    if (trimmed.startsWith('-----BEGIN')) {
      key = createPrivateKey({ key: trimmed, format: 'pem' });
    } else {
      const seed = fromBase64(trimmed);
      if (seed === null || seed.length !== 32)
        throw new SigningKeyError('must be a PKCS#8 PEM or the base64 of a 32-byte Ed25519 seed');
      key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
    }
  } catch (error) {
    if (error instanceof SigningKeyError) throw error;
    throw new SigningKeyError('must be a PKCS#8 PEM or the base64 of a 32-byte Ed25519 seed');
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new SigningKeyError('must be an Ed25519 key');
  return key;
}

/** A new signing key, as the base64 of its 32-byte seed (what a development DATA_DIR keeps). */
export function generateSigningSeed(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  const der = privateKey.export({ format: 'der', type: 'pkcs8' });
  return toBase64(new Uint8Array(der.subarray(der.length - 32)));
}

/** The public half of a signing key: base64 of the raw 32 bytes (`GET /api/fairness/key`). */
export function publicKeyBase64(privateKey: KeyObject): string {
  const der = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return toBase64(new Uint8Array(der.subarray(SPKI_ED25519_PREFIX_LENGTH)));
}

/** Signs a transcript: Ed25519 over the UTF-8 RFC 8785 canonical JSON of it without `signature`; base64. */
export function signTranscript(unsigned: UnsignedTranscript, privateKey: KeyObject): Transcript {
  const { signature: _ignored, ...rest } = unsigned as UnsignedTranscript & { signature?: unknown };
  const signature = sign(null, signedBytes(rest), privateKey);
  return { ...rest, signature: toBase64(new Uint8Array(signature)) };
}

/** Signs a solvency snapshot (issue 28) exactly as transcripts are signed: Ed25519 over the RFC 8785 canonical JSON of it without `signature`; base64. */
export function signSnapshot<T extends Readonly<Record<string, unknown>>>(
  unsigned: T,
  privateKey: KeyObject,
): Omit<T, 'signature'> & { signature: string } {
  const { signature: _ignored, ...rest } = unsigned as T & { signature?: unknown };
  const signature = sign(null, signedBytes(rest), privateKey);
  return { ...rest, signature: toBase64(new Uint8Array(signature)) };
}
