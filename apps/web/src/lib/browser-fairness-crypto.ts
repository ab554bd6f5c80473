/**
 * The fairness checks' crypto in the browser (transcripts on /verify, solvency proofs on /solvency): Web Crypto for SHA-256 and
 * Ed25519 (Chrome 137+, Firefox 129+, Safari 17+). A browser whose Web Crypto
 * lacks Ed25519 gets the audited pure-JavaScript verifier of @noble/curves
 * instead, fetched only then (strict RFC 8032 verification, as Web Crypto's).
 */
import { webCryptoFairness, type FairnessCrypto, type SubtleCryptoLike } from '@shifumi/fairness';

async function verifyWithNoble(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean> {
  const { ed25519 } = await import('@noble/curves/ed25519');
  try {
    return ed25519.verify(signature, message, publicKey, { zip215: false });
  } catch {
    // A key that is not a point of the curve: not a valid signature.
    return false;
  }
}

/** Web Crypto where it can, @noble/curves for Ed25519 where it cannot. */
export function browserFairnessCrypto(
  subtle: SubtleCryptoLike = globalThis.crypto.subtle as unknown as SubtleCryptoLike,
): FairnessCrypto {
  return webCryptoFairness(subtle, verifyWithNoble);
}
