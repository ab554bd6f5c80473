/**
 * The rooms' store on PostgreSQL (game-room.ts declares `GameStore`): a
 * state save fenced by the owner token (in groups under load,
 * game-save-batch.repo.ts), and the settlement — the pay-out out
 * of the game's escrow and the game marked ended, atomically, once, under the
 * same fence; it answers both players' balances after it. Issue 30 (decision
 * 060): the settlement is one statement that commits on its own
 * (game-settle.repo.ts); a transaction of several only when the ledger cannot
 * make the pay-out in one. Depends on games.repo.ts, game-settle.repo.ts and
 * the ledger (`transfer`, `balanceOf`).
 */
import type { Database } from '../../infra/db/database';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { balanceOf, transfer, type TransferRequest } from '../ledger/ledger.service';
import type { GameEnding, GameStore } from './game-room';
import { settleInOneStatement, type Settlement } from './game-settle.repo';
import { createSaveBatch } from './game-save-batch.repo';
import { endGame } from './games.repo';

export function createGameStore(db: Database): GameStore {
  return {
    // Issue 30: saves that arrive while others are under way are committed together (game-save-batch.repo.ts).
    save: createSaveBatch(db),

    async settle(ending) {
      const payout = payoutOf(ending);
      const codes = ending.playerIds.map((userId) => LedgerAccounts.user(userId).code);
      // Issue 30 (decision 060): one statement, committed on its own.
      const done = await settleInOneStatement(db, settlementOf(ending), payout, codes);
      if (done.outcome === 'unseen') return settleStepByStep(db, ending, payout);
      if (!done.ended) return undefined;
      // The ledger's balances are by account code; the room reads them by player. A player paid nothing (the loser) as read by the statement.
      const balances = new Map<string, bigint>();
      for (const userId of ending.playerIds) {
        const code = LedgerAccounts.user(userId).code;
        balances.set(userId, done.balances.get(code) ?? done.accounts.get(code) ?? 0n);
      }
      return balances;
    },

    balanceOf: (userId) => balanceOf(db, LedgerAccounts.user(userId)),
  };
}

function settlementOf(ending: GameEnding): Settlement {
  return {
    gameId: ending.gameId,
    token: ending.token,
    status: ending.winnerId === null ? 'refunded' : 'finished',
    winnerId: ending.winnerId,
    endReason: ending.endReason,
    state: ending.state,
    endedAt: ending.endedAt,
  };
}

/** The pay-out of a game's escrow to its players (the engine's `settlement`). */
function payoutOf(ending: GameEnding): TransferRequest {
  const { gameId, winnerId } = ending;
  return {
    idempotencyKey: `game-settle:${gameId}`,
    kind: winnerId === null ? 'game_refund' : 'game_payout',
    legs: [...ending.payouts].map(([userId, amount]) => ({
      from: LedgerAccounts.escrow(gameId),
      to: LedgerAccounts.user(userId),
      amount,
    })),
    memo: { gameId, winnerId: winnerId ?? 'draw' },
  };
}

/** The settlement as a transaction of several statements (when the ledger cannot make the pay-out in one). */
async function settleStepByStep(
  db: Database,
  ending: GameEnding,
  payout: TransferRequest,
): Promise<Map<string, bigint> | undefined> {
  const settlement = settlementOf(ending);
  return db.transaction(async (tx): Promise<Map<string, bigint> | undefined> => {
    const flipped = await endGame(tx, ending.gameId, ending.token, { ...settlement, state: ending.state });
    if (!flipped) return undefined;
    const transferred = await transfer(tx, payout);
    const balances = new Map<string, bigint>();
    for (const userId of ending.playerIds) {
      const code = LedgerAccounts.user(userId).code;
      balances.set(userId, transferred.balances.get(code) ?? (await balanceOf(tx, LedgerAccounts.user(userId))));
    }
    return balances;
  });
}
