/**
 * Broadcasting stored bytes: a transaction is signed and stored before it is
 * broadcast, so after a crash the same bytes go out again, never re-signed.
 * A refusal leaves the attempt `signed`, to be broadcast again next pass; a
 * node that already has it (or one with its nonce) counts as broadcast.
 */
import type { Hex } from 'viem';
import type { Executor } from '../../infra/db/database';
import type { Logger } from '../../shared/logger';
import { setAttemptStatus, type WithdrawalAttemptRow } from './withdrawals.repo';

/** Node answers to a broadcast that mean it has (or had) this transaction or one with its nonce. */
const ALREADY_SEEN = /already known|known transaction|nonce too low|already imported/i;

export type StoredAttempt = Pick<WithdrawalAttemptRow, 'id' | 'txHash' | 'rawTransaction'>;

export function createAttemptBroadcaster(deps: { db: Executor; broadcast: (raw: Hex) => Promise<void>; logger: Logger }) {
  return async function send(attempt: StoredAttempt): Promise<void> {
    try {
      await deps.broadcast(attempt.rawTransaction as Hex);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (!ALREADY_SEEN.test(text)) {
        deps.logger.warn(
          { err: error, txHash: attempt.txHash },
          'Withdrawal broadcast failed; the same transaction is broadcast again next pass',
        );
        return;
      }
    }
    await setAttemptStatus(deps.db, [attempt.id], 'broadcast', ['signed']);
  };
}
