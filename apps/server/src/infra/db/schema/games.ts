import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const GAME_STATUSES = ['playing', 'finished', 'refunded'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/**
 * One game between two players. Created, with both stakes moved into the
 * game's escrow account, in one transaction at the match; ended (pot paid to
 * the winner, or both stakes refunded) in one transaction that also flips
 * `status` from 'playing' — the guard that makes settlement happen once.
 *
 * `state` is the pure engine's state and `next_deadline` the next time the
 * engine must be ticked: deadlines are stored, so another node can take a game
 * over. The node running a game holds its lease (in Redis, or in process) with
 * a fencing token; `owner_token` is the highest token that claimed the game,
 * and every state save and the settlement require it to be the writer's own
 * (decision 007): a node that lost the lease can no longer write.
 */
export const games = pgTable(
  'games',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    player1Id: uuid('player1_id')
      .notNull()
      .references(() => users.id),
    player2Id: uuid('player2_id')
      .notNull()
      .references(() => users.id),
    player1Character: text('player1_character').notNull(),
    player2Character: text('player2_character').notNull(),
    /** The bet in USDT (one of the bet options). */
    betUsd: integer('bet_usd').notNull(),
    /** Each player's stake in wei (the same for both: one price for both). */
    stakeWei: numeric('stake_wei', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    /** The ETH/USD price the stake was computed at, in micro-USD per ETH. */
    priceMicroUsd: numeric('price_micro_usd', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    status: text('status', { enum: GAME_STATUSES }).notNull().default('playing'),
    /** The winner's user id; null while playing and for a draw. */
    winnerId: uuid('winner_id').references(() => users.id),
    endReason: text('end_reason'),
    state: jsonb('state').$type<unknown>().notNull(),
    nextDeadline: timestamp('next_deadline', { withTimezone: true, mode: 'date' }),
    /** The lease holder (node instance) that last claimed the game; for operators. */
    ownerNode: text('owner_node'),
    /** The fencing token of the last claim: writes carrying another token are refused. */
    ownerToken: bigint('owner_token', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('games_player1_idx').on(table.player1Id, table.endedAt),
    index('games_player2_idx').on(table.player2Id, table.endedAt),
    // Issue 30 (migration 0023): by status only. An index on `next_deadline`, which every round's save changes, made
    // each save a new row version in all eight indexes; without it a save is a HOT update (no index touched). Only the
    // ended games: the games in play have their partial indexes, and a plan made while the table was empty took this
    // one for "is this player in play?", reading every game ever started (hundreds of pages a start).
    index('games_status_idx')
      .on(table.status)
      .where(sql`${table.status} <> 'playing'`),
    // Issue 16's "is this player in a game?" reads players_in_play (below) by its primary key (decision 068).
    index('games_ended_idx').on(table.endedAt),
    // Issue 30: the collusion rules after a game read its pair's games (either side first: two lookups).
    index('games_pair_idx').on(table.player1Id, table.player2Id),
    // Issue 16: the takeover scan reads a node's own games in play, and the distinct owners of games in play, by owner.
    index('games_playing_owner_idx')
      .on(table.ownerNode)
      .where(sql`${table.status} = 'playing'`),
    check('games_two_players', sql`${table.player1Id} <> ${table.player2Id}`),
    check('games_status_known', sql`${table.status} in ('playing', 'finished', 'refunded')`),
    check('games_stake_positive', sql`${table.stakeWei} > 0`),
    check('games_bet_option', sql`${table.betUsd} in (1, 5, 10, 15, 20, 50, 100)`),
    check('games_ended_consistent', sql`(${table.status} = 'playing') = (${table.endedAt} is null)`),
    check(
      'games_winner_is_player',
      sql`${table.winnerId} is null or ${table.winnerId} = ${table.player1Id} or ${table.winnerId} = ${table.player2Id}`,
    ),
    check('games_refund_has_no_winner', sql`${table.status} <> 'refunded' or ${table.winnerId} is null`),
    check('games_finished_has_winner', sql`${table.status} <> 'finished' or ${table.winnerId} is not null`),
  ],
);

/**
 * Decision 068: the players of the games in play, one row each, kept by the
 * trigger `games_players_in_play` (migration 0024) as games start, end or are
 * deleted — never written by the server. "Is this player in a game in play?"
 * (every search and game start) is a lookup of its primary key: no index of
 * the games can be mistaken for it by a plan made on statistics that counted
 * no game in play, as the partial indexes of the games in play were (a scan of
 * every game in play at each start). The key also makes a second game in play
 * for one player impossible, whatever a bug upstream may try.
 */
export const playersInPlay = pgTable('players_in_play', {
  userId: uuid('user_id').primaryKey(),
  gameId: uuid('game_id').notNull(),
});
