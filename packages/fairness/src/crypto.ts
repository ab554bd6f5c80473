/**
 * The two primitives the checks need, injected so that the same checks run in
 * Node (the CLI, the server's tests) and in the browser (the `/verify` page).
 */

/** SHA-256 and Ed25519 verification, however the platform provides them. */
export interface FairnessCrypto {
  /** The SHA-256 digest of `data` (32 bytes). */
  sha256(data: Uint8Array): Promise<Uint8Array>;
  /**
   * Whether `signature` is a valid Ed25519 signature of `message` by the raw
   * 32-byte `publicKey`. Resolves false for a bad signature or key; rejects
   * with {@link Ed25519UnavailableError} when the platform cannot check one.
   */
  verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean>;
}

/** The platform has no Ed25519 (an older browser's Web Crypto): the signature cannot be checked here. */
export class Ed25519UnavailableError extends Error {
  override name = 'Ed25519UnavailableError';
}

/** The part of Web Crypto's `SubtleCrypto` the checks use (kept structural: no DOM types in a pure package). */
export interface SubtleCryptoLike {
  digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
  importKey(
    format: 'raw',
    keyData: Uint8Array,
    algorithm: { name: string },
    extractable: boolean,
    usages: ['verify'],
  ): Promise<unknown>;
  verify(algorithm: { name: string }, key: never, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
}

/**
 * {@link FairnessCrypto} on Web Crypto: browsers and Node ≥ 20 alike.
 * SHA-256 is everywhere; Ed25519 is in Chrome 137+, Firefox 129+, Safari 17+
 * and Node. Where it is missing, `fallbackEd25519` (if given) checks the
 * signature instead, else the check rejects with {@link Ed25519UnavailableError}.
 */
export function webCryptoFairness(subtle: SubtleCryptoLike, fallbackEd25519?: FairnessCrypto['verifyEd25519']): FairnessCrypto {
  return {
    async sha256(data) {
      return new Uint8Array(await subtle.digest('SHA-256', data));
    },
    async verifyEd25519(publicKey, message, signature) {
      if (publicKey.length !== 32 || signature.length !== 64) return false;
      let key: unknown;
      try {
        key = await subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
      } catch (error) {
        // A 32-byte string that is not a point of the curve is refused at import: that is a bad key, not a missing algorithm.
        if (error instanceof Error && error.name !== 'NotSupportedError') return false;
        if (fallbackEd25519) return fallbackEd25519(publicKey, message, signature);
        throw new Ed25519UnavailableError('This browser cannot check Ed25519 signatures', { cause: error });
      }
      return subtle.verify({ name: 'Ed25519' }, key as never, signature, message);
    },
  };
}
