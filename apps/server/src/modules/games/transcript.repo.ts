/**
 * Issue 17: what a game's transcript is built from — the ended game's row
 * (its final engine state holds every resolved round), the players' names and
 * the ledger transfers of its stakes and its settlement.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import type { MatchState } from '@shifumi/game';

export interface EndedGameRow {
  id: string;
  player1Id: string;
  player2Id: string;
  player1Name: string;
  player2Name: string;
  betUsd: number;
  stakeWei: bigint;
  priceMicroUsd: bigint;
  winnerId: string | null;
  endedAt: Date;
  state: MatchState;
}

/**
 * The ended game `gameId` if `userId` played in it; undefined otherwise (in play, unknown, or someone else's).
 * `userId` null: any player's (the operator's console, issue 18 — its route checks the staff role).
 */
export async function endedGameOf(db: Executor, gameId: string, userId: string | null): Promise<EndedGameRow | undefined> {
  const rows = await db.execute<{
    id: string;
    player1_id: string;
    player2_id: string;
    player1_name: string;
    player2_name: string;
    bet_usd: number;
    stake_wei: string;
    price_micro_usd: string;
    winner_id: string | null;
    ended_at: string | Date;
    state: MatchState | string;
  }>(
    sql`select g.id, g.player1_id, g.player2_id, u1.name as player1_name, u2.name as player2_name, g.bet_usd, g.stake_wei::text as stake_wei,
               g.price_micro_usd::text as price_micro_usd, g.winner_id, g.ended_at, g.state
          from games g join users u1 on u1.id = g.player1_id join users u2 on u2.id = g.player2_id
         where g.id = ${gameId} and g.status <> 'playing' and g.ended_at is not null and (${userId === null ? sql`true` : sql`g.player1_id = ${userId} or g.player2_id = ${userId}`})`,
  );
  const row = rows.rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    player1Id: row.player1_id,
    player2Id: row.player2_id,
    player1Name: row.player1_name,
    player2Name: row.player2_name,
    betUsd: Number(row.bet_usd),
    stakeWei: BigInt(row.stake_wei),
    priceMicroUsd: BigInt(row.price_micro_usd),
    winnerId: row.winner_id,
    endedAt: row.ended_at instanceof Date ? row.ended_at : new Date(row.ended_at),
    state: typeof row.state === 'string' ? (JSON.parse(row.state) as MatchState) : row.state,
  };
}

/** The ids of the game's ledger transfers: the stakes into escrow, then the payout or refund. */
export async function gameTransferIds(db: Executor, gameId: string): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(
    sql`select id from ledger_transfers where idempotency_key in (${`game-stakes:${gameId}`}, ${`game-settle:${gameId}`}) order by created_at, idempotency_key desc`,
  );
  return rows.rows.map((row) => row.id);
}
