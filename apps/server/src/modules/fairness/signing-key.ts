/**
 * The key that signs game transcripts (issue 17): FAIRNESS_SIGNING_KEY, or
 * outside production one generated once into DATA_DIR, like the JWT secret.
 * Never logged.
 */
import type { KeyObject } from 'node:crypto';
import path from 'node:path';
import {
  generateSigningSeed,
  parseSigningKey,
  publicKeyBase64,
  signSnapshot,
  signTranscript,
  SigningKeyError,
} from '@shifumi/fairness/node';
import type { SolvencySnapshot, Transcript, UnsignedSolvencySnapshot, UnsignedTranscript } from '@shifumi/protocol';
import { ConfigError, type Config } from '../../config';
import { readOrCreateSecretFile } from '../../shared/secret-file';

/** The file the development key is kept in, under DATA_DIR. */
export const FAIRNESS_KEY_FILE = 'fairness-signing-key';

/**
 * The configured signing key, or (outside production) the one kept in
 * `${dataDir}/fairness-signing-key`, created the first time (a base64 seed,
 * mode 0600). Keeping it on disk means a restart does not change the key
 * players check old transcripts with, and the nodes of a local cluster
 * (`start:cluster`: one DATA_DIR) sign with the same key; production requires
 * the variable, given alike to every node. Throws {@link ConfigError}.
 */
export async function resolveFairnessSigningKey(
  config: Pick<Config, 'fairnessSigningKey' | 'isProduction' | 'dataDir'>,
): Promise<KeyObject> {
  if (config.fairnessSigningKey !== undefined) return parseSigningKey(config.fairnessSigningKey);
  if (config.isProduction)
    throw new ConfigError('Invalid environment: FAIRNESS_SIGNING_KEY is required when NODE_ENV=production');
  const file = path.join(config.dataDir, FAIRNESS_KEY_FILE);
  const stored = await readOrCreateSecretFile(config.dataDir, FAIRNESS_KEY_FILE, generateSigningSeed);
  try {
    return parseSigningKey(stored);
  } catch (error) {
    if (!(error instanceof SigningKeyError)) throw error;
    throw new ConfigError(
      `Invalid environment: the fairness signing key in ${file} is not an Ed25519 key; delete the file to generate a new one`,
    );
  }
}

/** Signs transcripts and tells the public key to check them with. */
export interface TranscriptSigner {
  /** `GET /api/fairness/key`'s `publicKey`: base64 of the raw 32 bytes. */
  readonly publicKey: string;
  sign(unsigned: UnsignedTranscript): Transcript;
  /** Issue 28: a solvency snapshot, signed the same way with the same key. */
  signSnapshot(unsigned: UnsignedSolvencySnapshot): SolvencySnapshot;
}

export function createTranscriptSigner(privateKey: KeyObject): TranscriptSigner {
  const publicKey = publicKeyBase64(privateKey);
  return {
    publicKey,
    sign: (unsigned) => signTranscript(unsigned, privateKey),
    signSnapshot: (unsigned) => signSnapshot(unsigned, privateKey),
  };
}
