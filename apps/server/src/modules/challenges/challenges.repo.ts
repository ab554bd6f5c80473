/** Issue 24: the SQL of challenges by link. */
import type { BetAmount, Character, ChallengeStatus } from '@shifumi/protocol';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';

export interface ChallengeRow {
  id: string;
  challengerId: string;
  challengerName: string;
  betUsd: BetAmount;
  character: Character;
  status: ChallengeStatus;
  expiresAt: Date;
  gameId: string | null;
}

interface RawRow extends Record<string, unknown> {
  id: string;
  challenger_id: string;
  challenger_name: string;
  bet_usd: number;
  character: string;
  status: string;
  expires_at: Date | string;
  game_id: string | null;
}

function toRow(raw: RawRow): ChallengeRow {
  return {
    id: raw.id,
    challengerId: raw.challenger_id,
    challengerName: raw.challenger_name,
    betUsd: raw.bet_usd as BetAmount,
    character: raw.character as Character,
    status: raw.status as ChallengeStatus,
    expiresAt: new Date(raw.expires_at),
    gameId: raw.game_id,
  };
}

const SELECT = sql`select c.id, c.challenger_id, u.name as challenger_name, c.bet_usd, c.character, c.status, c.expires_at, c.game_id
  from challenges c join users u on u.id = c.challenger_id`;

export async function findChallenge(db: Executor, id: string): Promise<ChallengeRow | undefined> {
  const { rows } = await db.execute<RawRow>(sql`${SELECT} where c.id = ${id}`);
  return rows[0] ? toRow(rows[0]) : undefined;
}

/** The challenger's challenges still open at `now`, newest first. */
export async function openChallengesOf(db: Executor, challengerId: string, now: Date): Promise<ChallengeRow[]> {
  const { rows } = await db.execute<RawRow>(
    sql`${SELECT} where c.challenger_id = ${challengerId} and c.status = 'open' and c.expires_at > ${now.toISOString()}::timestamptz order by c.created_at desc`,
  );
  return rows.map(toRow);
}

/**
 * Creates a challenge unless the challenger already has `max` open at `now`:
 * their user row is locked first, so concurrent creations count one after the
 * other. Answers false when the limit is reached.
 */
export async function insertChallengeWithin(
  tx: Executor,
  challenge: { id: string; challengerId: string; betUsd: BetAmount; character: Character; expiresAt: Date },
  max: number,
  now: Date,
): Promise<boolean> {
  await tx.execute(sql`select id from users where id = ${challenge.challengerId} for update`);
  const { rows } = await tx.execute<{ open: number }>(
    sql`select count(*)::int as open from challenges where challenger_id = ${challenge.challengerId} and status = 'open' and expires_at > ${now.toISOString()}::timestamptz`,
  );
  if ((rows[0]?.open ?? 0) >= max) return false;
  await tx.execute(
    sql`insert into challenges (id, challenger_id, bet_usd, character, expires_at)
        values (${challenge.id}, ${challenge.challengerId}, ${challenge.betUsd}, ${challenge.character}, ${challenge.expiresAt.toISOString()}::timestamptz)`,
  );
  return true;
}

/**
 * Takes an open, unexpired challenge for its game, inside the game's start
 * transaction (the row locked): false when it is no longer open — another
 * accept took it, it was cancelled or it expired — and then the start rolls back.
 */
export async function takeChallenge(tx: Executor, id: string, friendId: string, gameId: string, now: Date): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`update challenges set status = 'accepted', accepted_by = ${friendId}, game_id = ${gameId}, closed_at = ${now.toISOString()}::timestamptz
        where id = ${id} and status = 'open' and expires_at > ${now.toISOString()}::timestamptz returning id`,
  );
  return rows.length === 1;
}

/** Cancels the challenger's open challenge; false when it is not theirs or not open. */
export async function cancelChallenge(db: Executor, id: string, challengerId: string, now: Date): Promise<boolean> {
  const { rows } = await db.execute(
    sql`update challenges set status = 'cancelled', closed_at = ${now.toISOString()}::timestamptz
        where id = ${id} and challenger_id = ${challengerId} and status = 'open' and expires_at > ${now.toISOString()}::timestamptz returning id`,
  );
  return rows.length === 1;
}

/** Marks every open challenge past its time expired; answers them (each once, whichever node asks). */
export async function expireChallenges(db: Executor, now: Date): Promise<Array<{ id: string; challengerId: string }>> {
  const { rows } = await db.execute<{ id: string; challenger_id: string }>(
    sql`update challenges set status = 'expired', closed_at = ${now.toISOString()}::timestamptz
        where status = 'open' and expires_at <= ${now.toISOString()}::timestamptz returning id, challenger_id`,
  );
  return rows.map((row) => ({ id: row.id, challengerId: row.challenger_id }));
}
