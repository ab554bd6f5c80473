/**
 * Issue 30 (decision 060): a game's settlement in one statement that commits
 * on its own — the game marked ended under the fence (only while in play and
 * still carrying the owner token), the pay-out out of its escrow (the ledger's
 * one-statement transfer, made only when the game was ended by this statement)
 * and both players' balances — instead of a transaction of nine. An overdraft
 * raised in it writes nothing; when the ledger cannot make the transfer in one
 * statement (`unseen`), nothing is written either and the caller settles in a
 * transaction, statement by statement.
 */
import type { Executor } from '../../infra/db/database';
import { transferStatement, type TransferRow } from '../ledger/ledger-transfer.repo';
import { transferInOneStatement, type TransferRequest } from '../ledger/ledger.service';

const SETTLE = transferStatement('game_settle_v1', {
  before: `ended as (
    update games set status = $5, winner_id = $6::uuid, end_reason = $7, state = $8::jsonb, ended_at = $9::timestamptz,
                     next_deadline = null, version = version + 1
    where id = $10::uuid and status = 'playing' and owner_token = $11::bigint and not exists (select 1 from unseen)
    returning id
  )`,
  gate: 'exists (select 1 from ended)',
  answer: `exists (select 1 from ended) as ended,
       (select coalesce(jsonb_object_agg(a.code, a.balance::text), '{}'::jsonb)::text from ledger_accounts a
        where a.code = any(array(select jsonb_array_elements_text($12::jsonb)))) as accounts`,
});

export interface Settlement {
  gameId: string;
  token: bigint;
  status: 'finished' | 'refunded';
  winnerId: string | null;
  endReason: string;
  state: unknown;
  endedAt: Date;
}

/**
 * Ends the game and pays `payout` out of its escrow in one statement. `ended`: whether this statement ended the
 * game (false: fenced out, or already ended, or `unseen`); `accounts`: the balances of `accountCodes` as the
 * statement found them (before the pay-out: read the paid ones from `balances`).
 */
export async function settleInOneStatement(
  db: Executor,
  settlement: Settlement,
  payout: TransferRequest,
  accountCodes: readonly string[],
): Promise<TransferRow & { ended: boolean; accounts: Map<string, bigint> }> {
  const done = await transferInOneStatement(db, SETTLE, payout, [
    settlement.status,
    settlement.winnerId,
    settlement.endReason,
    JSON.stringify(settlement.state),
    settlement.endedAt.toISOString(),
    settlement.gameId,
    settlement.token.toString(),
    JSON.stringify(accountCodes),
  ]);
  const stored = JSON.parse(String(done.row.accounts ?? '{}')) as Record<string, string>;
  return {
    ...done,
    ended: done.row.ended === true,
    accounts: new Map(Object.entries(stored).map(([code, balance]) => [code, BigInt(balance)])),
  };
}
