/** The collusion rules' queries and the flags they raise (decision 039: SQL only in repositories). */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { hotStatement, runHot, uuidArray } from '../../infra/db/hot-statement';
import { flags } from '../../infra/db/schema/index';

/** A finished game as the rules read it. */
export type FinishedGame = {
  id: string;
  player1_id: string;
  player2_id: string;
  winner_id: string | null;
  end_reason: string | null;
  stake_wei: string;
  state: { round?: number; players?: Array<{ id: string; score: number }> } | null;
  ended_at: Date | string;
};

/** Every finished game, oldest first. */
export async function finishedGames(db: Executor): Promise<FinishedGame[]> {
  const finished = await db.execute<FinishedGame>(sql`
        SELECT id::text AS id, player1_id::text AS player1_id, player2_id::text AS player2_id, winner_id::text AS winner_id,
               end_reason, stake_wei::text AS stake_wei, state, ended_at
        FROM games WHERE status = 'finished' ORDER BY ended_at, id`);
  return finished.rows;
}

/** The finished games these players played, oldest first (prepared: the schedule's pass reads it for every player with news). */
export async function finishedGamesOf(db: Executor, players: readonly string[]): Promise<FinishedGame[]> {
  return runHot<FinishedGame>(db, FINISHED_GAMES_OF, [uuidArray(players)]);
}

const FINISHED_GAMES_OF = hotStatement(
  'collusion_finished_games_of_v1',
  `select id::text as id, player1_id::text as player1_id, player2_id::text as player2_id, winner_id::text as winner_id,
          end_reason, stake_wei::text as stake_wei, state, ended_at::text as ended_at
   from games where status = 'finished' and (player1_id = any($1::uuid[]) or player2_id = any($1::uuid[]))
   order by ended_at, id`,
);

/**
 * The finished games between the players of each pair (either side first), oldest first (issue 30: the rules after a
 * game read its pair's games, not every game of both players, which grew with their history).
 */
export async function finishedGamesOfPairs(
  db: Executor,
  pairs: ReadonlyArray<readonly [string, string]>,
): Promise<FinishedGame[]> {
  const firsts = pairs.flatMap(([a, b]) => [a, b]);
  const seconds = pairs.flatMap(([a, b]) => [b, a]);
  return runHot<FinishedGame>(db, FINISHED_GAMES_OF_PAIRS, [uuidArray(firsts), uuidArray(seconds)]);
}

const FINISHED_GAMES_OF_PAIRS = hotStatement(
  'collusion_finished_games_of_pairs_v1',
  `select g.id::text as id, g.player1_id::text as player1_id, g.player2_id::text as player2_id,
          g.winner_id::text as winner_id, g.end_reason, g.stake_wei::text as stake_wei, g.state, g.ended_at::text as ended_at
   from unnest($1::uuid[], $2::uuid[]) as pair(first, second)
   join games g on g.player1_id = pair.first and g.player2_id = pair.second
   where g.status = 'finished'
   order by g.ended_at, g.id`,
);

/** Each player's finished games and net winnings (wei) against each opponent: the winnings concentration rule's input. */
export async function netByOpponent(
  db: Executor,
  players: readonly string[],
): Promise<Array<{ user_id: string; other_id: string; games: number; net: string }>> {
  return runHot(db, NET_BY_OPPONENT, [uuidArray(players)]);
}

const NET_BY_OPPONENT = hotStatement(
  'collusion_net_by_opponent_v1',
  `with mine as (
     select g.player1_id as self, g.player2_id as other, g.winner_id, g.stake_wei from games g
     where g.status = 'finished' and g.player1_id = any($1::uuid[])
     union all
     select g.player2_id, g.player1_id, g.winner_id, g.stake_wei from games g
     where g.status = 'finished' and g.player2_id = any($1::uuid[])
   )
   select self::text as user_id, other::text as other_id, count(*)::int as games,
          sum(case when winner_id = self then stake_wei when winner_id = other then -stake_wei else 0 end)::text as net
   from mine group by self, other`,
);

/** Two accounts that signed in from one IP within 24 h and played each other (one row a game), optionally with one of `among`. */
export async function sharedIpOpponents(
  db: Executor,
  among?: readonly string[],
): Promise<{ a: string; b: string; ip: string; game_id: string }[]> {
  // Issue 30: the check after each game (`among`) is prepared; the full scan reads everything.
  return runHot(
    db,
    among === undefined ? SHARED_IP_OPPONENTS : SHARED_IP_OPPONENTS_AMONG,
    among === undefined ? [] : [uuidArray(among)],
  );
}

const SHARED_IP_SELECT = `select distinct on (g.id) s1.user_id::text as a, s2.user_id::text as b, s1.ip, g.id::text as game_id
    from sessions s1
    join sessions s2 on s2.ip = s1.ip and s2.user_id <> s1.user_id and abs(extract(epoch from s2.created_at - s1.created_at)) < 86400
    join games g on (g.player1_id = s1.user_id and g.player2_id = s2.user_id) or (g.player1_id = s2.user_id and g.player2_id = s1.user_id)
    where s1.ip is not null and s1.user_id < s2.user_id`;
const SHARED_IP_OPPONENTS = hotStatement('collusion_shared_ip_v1', SHARED_IP_SELECT);
const SHARED_IP_OPPONENTS_AMONG = hotStatement(
  'collusion_shared_ip_among_v1',
  `${SHARED_IP_SELECT} and (s1.user_id = any($1::uuid[]) or s2.user_id = any($1::uuid[]))`,
);

/**
 * Issue 30: the shared-IP rule after games, for the pairs that just played only: whether the two signed in from one IP
 * within 24 h, with the pair's latest game as evidence (one row a pair that did). A game changes no session, so a pair
 * is all it can add; other partners of theirs are the schedule's (`sharedIpOpponents` over the players whose sessions
 * changed). Reads the pair's sessions by user and its latest game by the pair's index, never the whole sessions table
 * (the players' query joins every session of the IP: every account behind one carrier NAT, after every game).
 */
export async function sharedIpOfPairs(
  db: Executor,
  pairs: ReadonlyArray<readonly [string, string]>,
): Promise<{ a: string; b: string; ip: string; game_id: string }[]> {
  if (pairs.length === 0) return [];
  return runHot(db, SHARED_IP_OF_PAIRS, [uuidArray(pairs.map(([a]) => a)), uuidArray(pairs.map(([, b]) => b))]);
}

const SHARED_IP_OF_PAIRS = hotStatement(
  'collusion_shared_ip_of_pairs_v1',
  `select pair.a::text as a, pair.b::text as b, shared.ip, latest.id::text as game_id
   from (select distinct least(x, y) as a, greatest(x, y) as b from unnest($1::uuid[], $2::uuid[]) as given(x, y) where x <> y) pair
   cross join lateral (
     select s1.ip from sessions s1
     join sessions s2 on s2.user_id = pair.b and s2.ip = s1.ip
       and s2.created_at > s1.created_at - interval '86400 seconds' and s2.created_at < s1.created_at + interval '86400 seconds'
     where s1.user_id = pair.a and s1.ip is not null
     limit 1
   ) shared
   cross join lateral (
     select g.id from games g
     where (g.player1_id = pair.a and g.player2_id = pair.b) or (g.player1_id = pair.b and g.player2_id = pair.a)
     order by g.created_at desc, g.id desc
     limit 1
   ) latest`,
);

/**
 * Accounts created after `since` that deposited and lost everything they had
 * to one account (the winner), optionally only those `winnerId` drained.
 */
export async function drainedAccounts(
  db: Executor,
  since: Date,
  winnerId?: string,
): Promise<{ loser: string; winner: string; lost: string; deposited: string }[]> {
  const rows = await db.execute<{ loser: string; winner: string; lost: string; deposited: string }>(sql`
    WITH fresh AS (
      SELECT u.id FROM users u
      JOIN ledger_accounts a ON a.code = 'user:' || u.id::text
      WHERE u.created_at > ${since} AND a.balance = 0
        AND EXISTS (SELECT 1 FROM deposits d WHERE d.user_id = u.id AND d.status = 'credited')
    ), losses AS (
      SELECT f.id AS loser, g.winner_id AS winner, SUM(g.stake_wei) AS lost
      FROM fresh f JOIN games g ON (g.player1_id = f.id OR g.player2_id = f.id)
      WHERE g.status = 'finished' AND g.ended_at > ${since}
      GROUP BY f.id, g.winner_id
    )
    SELECT l.loser::text AS loser, l.winner::text AS winner, l.lost::text AS lost,
           (SELECT COALESCE(SUM(amount), 0) FROM deposits d WHERE d.user_id = l.loser AND d.status = 'credited')::text AS deposited
    FROM losses l
    WHERE l.winner IS NOT NULL AND l.winner <> l.loser
      AND NOT EXISTS (SELECT 1 FROM losses o WHERE o.loser = l.loser AND o.winner IS NOT NULL AND o.winner <> l.loser AND o.winner <> l.winner)
      AND (${winnerId ?? null}::uuid IS NULL OR l.winner = ${winnerId ?? null}::uuid)`);
  return rows.rows;
}

/** Inserts the flags whose dedupe key is not known yet, in one statement (issue 30: one round trip per scan); answers how many were new. */
export async function insertFlags(
  db: Executor,
  rows: ReadonlyArray<{
    rule: string;
    userId: string;
    otherUserId: string | null;
    evidence: unknown;
    dedupeKey: string;
    createdAt: Date;
  }>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(flags)
    .values(
      rows.map((flag) => ({
        rule: flag.rule,
        userId: flag.userId,
        otherUserId: flag.otherUserId,
        evidence: flag.evidence,
        dedupeKey: flag.dedupeKey,
        createdAt: flag.createdAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: flags.id });
  return inserted.length;
}

/** The database's clock, in milliseconds. */
export async function databaseNowMs(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ now: number | string }>(sql`select (extract(epoch from now()) * 1000)::float8 as now`);
  return Number(rows[0]!.now);
}

/** The players with anything a rule reads that changed after `at` (ISO time). */
export async function playersChangedSince(db: Executor, at: string): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
        select player1_id::text as id from games where ended_at > ${at}::timestamptz
        union select player2_id::text from games where ended_at > ${at}::timestamptz
        union select user_id::text from sessions where created_at > ${at}::timestamptz
        union select user_id::text from user_devices where last_seen_at > ${at}::timestamptz
        union select user_id::text from deposits where credited_at > ${at}::timestamptz and user_id is not null
        union select user_id::text from withdrawals where created_at > ${at}::timestamptz`);
  return rows.map((row) => row.id);
}

/** The flag, its row locked until the transaction ends. */
export async function lockFlag(
  tx: Executor,
  id: string,
): Promise<{ status: string; user_id: string; other_user_id: string | null } | undefined> {
  const [flag] = await tx
    .execute<{ status: string; user_id: string; other_user_id: string | null }>(
      sql`SELECT status, user_id::text AS user_id, other_user_id::text AS other_user_id FROM flags WHERE id = ${id} FOR UPDATE`,
    )
    .then((result) => result.rows);
  return flag;
}

export async function resolveFlag(
  tx: Executor,
  id: string,
  resolution: 'dismissed' | 'confirmed',
  note: string,
  resolvedBy: string,
  now: Date,
): Promise<void> {
  await tx.execute(
    sql`UPDATE flags SET status = ${resolution}, note = ${note}, resolved_by = ${resolvedBy}, resolved_at = ${now} WHERE id = ${id}`,
  );
}
