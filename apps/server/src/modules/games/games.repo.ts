/**
 * SQL of games: creation, stored engine state, the settlement's fenced end,
 * feed and history. The statements of the hot path are plain parameterised
 * SQL (the query builder cost more CPU per call than the game itself, issue
 * 16), and the state save is a prepared statement (issue 30); the start's and
 * the settlement's own statements are in game-start.repo.ts and
 * game-settle.repo.ts; the rest stays with drizzle's builder.
 */
import { nextDeadline, type MatchState } from '@shifumi/game';
import { shownWalletAddress } from '@shifumi/protocol';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../infra/db/database';
import { hotStatement, runHot } from '../../infra/db/hot-statement';
import { games, users } from '../../infra/db/schema/index';

export type GameRow = typeof games.$inferSelect;

/** Creates a game in play, claimed by `holder` under lease token `token` (inside the start transaction). */
export async function insertGame(
  tx: Executor,
  game: {
    id: string;
    request: {
      betUsd: number;
      stakeWei: bigint;
      priceMicroUsd: bigint;
      players: readonly [{ userId: string; character: string }, { userId: string; character: string }];
    };
    state: MatchState;
    holder: string;
    token: bigint;
  },
): Promise<void> {
  const [first, second] = game.request.players;
  await tx.execute(
    sql`insert into games (id, player1_id, player2_id, player1_character, player2_character, bet_usd, stake_wei, price_micro_usd, state, next_deadline, owner_node, owner_token)
        values (${game.id}, ${first.userId}, ${second.userId}, ${first.character}, ${second.character}, ${game.request.betUsd},
                ${game.request.stakeWei.toString()}::numeric, ${game.request.priceMicroUsd.toString()}::numeric, ${JSON.stringify(game.state)}::jsonb,
                ${deadlineOf(game.state)}::timestamptz, ${game.holder}, ${game.token.toString()}::bigint)`,
  );
}

function deadlineOf(state: MatchState): string | null {
  const at = nextDeadline(state);
  return at === null ? null : new Date(at).toISOString();
}

/** The game in play of a user, if any (a key of players_in_play, decision 068). */
export async function findPlayingGameOf(db: Executor, userId: string): Promise<{ id: string } | undefined> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select game_id::text as id from players_in_play where user_id = ${userId}`,
  );
  return rows[0];
}

export function playingGames(db: Executor) {
  return db.select().from(games).where(eq(games.status, 'playing'));
}

/** The id and the last claim's token of every game in play (the takeover scan reads only these). */
export function playingGameRefs(db: Executor) {
  return db.select({ id: games.id, ownerToken: games.ownerToken }).from(games).where(eq(games.status, 'playing'));
}

/** The id and the last claim's token of the games in play claimed by `holder` (games_playing_owner_idx). */
export async function playingGameRefsOwnedBy(db: Executor, holder: string): Promise<Array<{ id: string; ownerToken: bigint }>> {
  const { rows } = await db.execute<{ id: string; owner_token: string }>(
    sql`select id, owner_token::text from games where status = 'playing' and owner_node = ${holder}`,
  );
  return rows.map((row) => ({ id: row.id, ownerToken: BigInt(row.owner_token) }));
}

/**
 * The distinct owners of the games in play (null for games nobody claimed by name), read as a loose index
 * scan of games_playing_owner_idx: one index descent per owner, however many games each owns.
 */
export async function playingGameOwners(db: Executor): Promise<Array<string | null>> {
  const { rows } = await db.execute<{ owner: string | null }>(
    sql`with recursive owners(owner) as (
          (select owner_node from games where status = 'playing' and owner_node is not null order by owner_node limit 1)
          union all
          select (select g.owner_node from games g where g.status = 'playing' and g.owner_node > owners.owner order by g.owner_node limit 1)
          from owners where owners.owner is not null
        )
        select owner from owners where owner is not null
        union all
        select null where exists (select 1 from games where status = 'playing' and owner_node is null)`,
  );
  return rows.map((row) => row.owner);
}

/** The id and token of the games in play claimed by these owners (null: by nobody named). */
export async function playingGameRefsOfOwners(
  db: Executor,
  owners: ReadonlyArray<string | null>,
): Promise<Array<{ id: string; ownerToken: bigint }>> {
  const named = owners.filter((owner): owner is string => owner !== null);
  const unnamed = owners.includes(null);
  if (named.length === 0 && !unnamed) return [];
  const byName =
    named.length > 0
      ? sql`owner_node in (${sql.join(
          named.map((owner) => sql`${owner}`),
          sql`, `,
        )})`
      : sql`false`;
  const byNobody = unnamed ? sql` or owner_node is null` : sql``;
  const { rows } = await db.execute<{ id: string; owner_token: string }>(
    sql`select id, owner_token::text from games where status = 'playing' and (${byName}${byNobody})`,
  );
  return rows.map((row) => ({ id: row.id, ownerToken: BigInt(row.owner_token) }));
}

/** One game in play, by id (undefined when it does not exist or has ended). */
export async function playingGame(db: Executor, gameId: string): Promise<GameRow | undefined> {
  const [row] = await db
    .select()
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.status, 'playing')));
  return row;
}

/**
 * Claims a game in play for the holder of lease token `token`: only when the
 * token is greater than the last claim's. Answers the row as of the claim
 * (the latest state any earlier owner saved), or undefined when the game has
 * ended or a newer claim exists. From then on the earlier owners' writes fail.
 */
/**
 * Moves this node's own claim to a new token (its lease lapsed and it took it
 * again): only while the recorded token is still `fromToken`, i.e. nobody
 * claimed the game meanwhile. True when it did.
 */
export async function reclaimGame(
  db: Executor,
  gameId: string,
  fromToken: bigint,
  toToken: bigint,
  holder: string,
): Promise<boolean> {
  const rows = await db
    .update(games)
    .set({ ownerToken: toToken, ownerNode: holder })
    .where(and(eq(games.id, gameId), eq(games.status, 'playing'), eq(games.ownerToken, fromToken)))
    .returning({ id: games.id });
  return rows.length === 1;
}

export async function claimGame(db: Executor, gameId: string, token: bigint, holder: string): Promise<GameRow | undefined> {
  const [row] = await db
    .update(games)
    .set({ ownerToken: token, ownerNode: holder })
    .where(and(eq(games.id, gameId), eq(games.status, 'playing'), lt(games.ownerToken, token)))
    .returning();
  return row;
}

/**
 * Stores the engine's state, only while the game is in play and `ownerToken`
 * is still the last claim's (the fence): false when another node has claimed
 * the game since, or it has ended — the caller no longer owns it.
 */
export async function saveState(
  db: Executor,
  gameId: string,
  ownerToken: bigint,
  state: MatchState,
  nextDeadline: number | null,
): Promise<boolean> {
  const rows = await runHot(db, SAVE_STATE, [
    JSON.stringify(state),
    nextDeadline === null ? null : new Date(nextDeadline).toISOString(),
    gameId,
    ownerToken.toString(),
  ]);
  return rows.length === 1;
}

/** Issue 30: a prepared statement (every round of every game runs it). */
const SAVE_STATE = hotStatement(
  'game_save_state_v1',
  `update games set state = $1::jsonb, next_deadline = $2::timestamptz, version = version + 1
   where id = $3::uuid and status = 'playing' and owner_token = $4::bigint returning id`,
);

/**
 * Ends a game once, only for the owner of the last claim (`ownerToken`): true
 * when this call flipped it from 'playing'.
 */
export async function endGame(
  tx: Executor,
  gameId: string,
  ownerToken: bigint,
  values: { status: 'finished' | 'refunded'; winnerId: string | null; endReason: string; state: MatchState; endedAt: Date },
): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`update games set status = ${values.status}, winner_id = ${values.winnerId}, end_reason = ${values.endReason},
        state = ${JSON.stringify(values.state)}::jsonb, ended_at = ${values.endedAt.toISOString()}::timestamptz, next_deadline = null, version = version + 1
        where id = ${gameId} and status = 'playing' and owner_token = ${ownerToken.toString()}::bigint returning id`,
  );
  return rows.length === 1;
}

const player1 = alias(users, 'player1');
const player2 = alias(users, 'player2');
/** An ended game: finished, or refunded. */
const ended = inArray(games.status, ['finished', 'refunded']);
/** What the lists of ended games show of each. */
const endedGameColumns = {
  id: games.id,
  betUsd: games.betUsd,
  winnerId: games.winnerId,
  endedAt: games.endedAt,
  player1Id: games.player1Id,
};

/** Finished games, newest first, with the players' display names. */
export function recentFinishedGames(db: Executor, limit: number) {
  return db
    .select({ ...endedGameColumns, player2Id: games.player2Id, player1Name: player1.name, player2Name: player2.name })
    .from(games)
    .innerJoin(player1, eq(player1.id, games.player1Id))
    .innerJoin(player2, eq(player2.id, games.player2Id))
    .where(ended)
    .orderBy(desc(games.endedAt))
    .limit(limit);
}

/** The user's ended games, newest first, with the opponent. */
export function historyOf(db: Executor, userId: string, limit: number) {
  return db
    .select({
      ...endedGameColumns,
      player1: { id: player1.id, name: player1.name, walletAddress: player1.walletAddress },
      player2: { id: player2.id, name: player2.name, walletAddress: player2.walletAddress },
    })
    .from(games)
    .innerJoin(player1, eq(player1.id, games.player1Id))
    .innerJoin(player2, eq(player2.id, games.player2Id))
    .where(and(ended, or(eq(games.player1Id, userId), eq(games.player2Id, userId))))
    .orderBy(desc(games.endedAt))
    .limit(limit);
}

/** What a game shows of its players (name, the first characters of the wallet address: issue 23). */
export async function playersShown(db: Executor, userIds: readonly string[]) {
  const rows = await db
    .select({ id: users.id, name: users.name, walletAddress: users.walletAddress })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return rows.map((row) => ({ ...row, walletAddress: shownWalletAddress(row.walletAddress) }));
}

/** For tests: the stored row of a game. */
export async function gameRow(db: Executor, gameId: string) {
  const [row] = await db.select().from(games).where(eq(games.id, gameId));
  return row;
}
