/** Issue 24: the SQL of rematches. */
import type { BetAmount, Character } from '@shifumi/protocol';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';

export interface EndedGame {
  id: string;
  status: string;
  endReason: string | null;
  betUsd: BetAmount;
  players: [{ id: string; name: string; character: Character }, { id: string; name: string; character: Character }];
  rematched: boolean;
}

/** The game with its players and whether it was played again; with `lock`, its row locked (the requests of one game one at a time). */
export async function readGameForRematch(db: Executor, gameId: string, lock = false): Promise<EndedGame | undefined> {
  const { rows } = await db.execute<{
    id: string;
    status: string;
    end_reason: string | null;
    bet_usd: number;
    player1_id: string;
    player2_id: string;
    player1_character: string;
    player2_character: string;
    player1_name: string;
    player2_name: string;
    rematched: boolean;
  }>(
    sql`select g.id, g.status, g.end_reason, g.bet_usd, g.player1_id, g.player2_id, g.player1_character, g.player2_character,
               u1.name as player1_name, u2.name as player2_name, exists(select 1 from rematches r where r.game_id = g.id) as rematched
        from games g join users u1 on u1.id = g.player1_id join users u2 on u2.id = g.player2_id
        where g.id = ${gameId} ${lock ? sql`for update of g` : sql``}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    status: row.status,
    endReason: row.end_reason,
    betUsd: row.bet_usd as BetAmount,
    players: [
      { id: row.player1_id, name: row.player1_name, character: row.player1_character as Character },
      { id: row.player2_id, name: row.player2_name, character: row.player2_character as Character },
    ],
    rematched: row.rematched,
  };
}

/**
 * Records the request; one still pending (made after `since`) is kept as it
 * was, a lapsed one is replaced. Answers whether this made a new request.
 */
export async function insertRequest(tx: Executor, gameId: string, fromUserId: string, at: Date, since: Date): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`insert into rematch_requests (game_id, from_user_id, created_at) values (${gameId}, ${fromUserId}, ${at.toISOString()}::timestamptz)
        on conflict (game_id, from_user_id) do update set created_at = excluded.created_at
        where rematch_requests.created_at <= ${since.toISOString()}::timestamptz returning game_id`,
  );
  return rows.length === 1;
}

/** Whether `fromUserId` asked for a rematch of the game after `since`. */
export async function hasFreshRequest(tx: Executor, gameId: string, fromUserId: string, since: Date): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`select 1 from rematch_requests where game_id = ${gameId} and from_user_id = ${fromUserId} and created_at > ${since.toISOString()}::timestamptz`,
  );
  return rows.length === 1;
}

/** Takes (deletes) the request if it is still there and was made after `since` (null: whatever its age); true when taken. */
export async function takeRequest(db: Executor, gameId: string, fromUserId: string, since: Date | null): Promise<boolean> {
  const { rows } = await db.execute(
    sql`delete from rematch_requests where game_id = ${gameId} and from_user_id = ${fromUserId}
        ${since ? sql`and created_at > ${since.toISOString()}::timestamptz` : sql``} returning game_id`,
  );
  return rows.length === 1;
}

/** The game's one rematch: the primary key refuses a second. */
export async function insertRematch(tx: Executor, gameId: string, newGameId: string): Promise<void> {
  await tx.execute(sql`insert into rematches (game_id, new_game_id) values (${gameId}, ${newGameId})`);
}

/** Drops every request of the game (its rematch started). */
export async function clearRequests(tx: Executor, gameId: string): Promise<void> {
  await tx.execute(sql`delete from rematch_requests where game_id = ${gameId}`);
}
