/**
 * The rooms' store on PostgreSQL (game-room.ts declares `GameStore`): a
 * state save fenced by the owner token, and the settlement — the pay-out out
 * of the game's escrow and the game marked ended, in one transaction, once,
 * under the same fence; it answers both players' balances after it (the
 * loser's read in that transaction). Depends on games.repo.ts (every SQL statement of the
 * games) and the ledger (`transfer`, `balanceOf`).
 */
import type { Database } from '../../infra/db/database';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { balanceOf, transfer } from '../ledger/ledger.service';
import type { GameStore } from './game-room';
import { endGame, saveState } from './games.repo';

export function createGameStore(db: Database): GameStore {
  return {
    save: (gameId, token, state, deadline) => saveState(db, gameId, token, state, deadline),

    async settle(ending) {
      const { gameId, winnerId } = ending;
      const paid = await db.transaction(async (tx): Promise<Map<string, bigint> | undefined> => {
        const flipped = await endGame(tx, gameId, ending.token, {
          status: winnerId === null ? 'refunded' : 'finished',
          winnerId,
          endReason: ending.endReason,
          state: ending.state,
          endedAt: ending.endedAt,
        });
        if (!flipped) return undefined;
        const transferred = await transfer(tx, {
          idempotencyKey: `game-settle:${gameId}`,
          kind: winnerId === null ? 'game_refund' : 'game_payout',
          legs: [...ending.payouts].map(([userId, amount]) => ({ from: LedgerAccounts.escrow(gameId), to: LedgerAccounts.user(userId), amount })),
          memo: { gameId, winnerId: winnerId ?? 'draw' },
        });
        // A player paid nothing (the loser) is read in the same transaction: no commit of its own (issue 16).
        const balances = new Map(transferred.balances);
        for (const userId of ending.playerIds) {
          const code = LedgerAccounts.user(userId).code;
          if (!balances.has(code)) balances.set(code, await balanceOf(tx, LedgerAccounts.user(userId)));
        }
        return balances;
      });
      if (!paid) return undefined;
      // The ledger's balances are by account code; the room reads them by player.
      const balances = new Map<string, bigint>();
      for (const userId of ending.playerIds) {
        const balance = paid.get(LedgerAccounts.user(userId).code);
        if (balance !== undefined) balances.set(userId, balance);
      }
      return balances;
    },

    balanceOf: (userId) => balanceOf(db, LedgerAccounts.user(userId)),
  };
}
