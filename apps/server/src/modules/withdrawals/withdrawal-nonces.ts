/**
 * The hot wallet's nonces. They are allocated in the database
 * (withdrawals.repo.ts `allocateNonce`), in the transaction that stores the
 * nonce on the withdrawal with its first signed attempt; every attempt of a
 * withdrawal (the first and any re-priced replacement) uses that nonce, so at
 * most one of them can ever be mined. The chain's counts, which the
 * allocation starts from, are read once per pass and only when something is
 * to be sent.
 */
import type { NonceCounts } from './withdrawals.repo';

/** The chain's counts for one pass: read at the first call, shared by the next ones. */
export function nonceCountsForOnePass(read: () => Promise<NonceCounts>): () => Promise<NonceCounts> {
  let counts: Promise<NonceCounts> | undefined;
  return () => (counts ??= read());
}
