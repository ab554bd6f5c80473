import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { games } from './games';
import { users } from './users';

/** Issue 24: how a challenge stands (see packages/protocol's CHALLENGE_STATUSES). */
export const CHALLENGE_STATUS_VALUES = ['open', 'accepted', 'cancelled', 'expired'] as const;

/**
 * A challenge by link: `id` is the unguessable part of `APP_URL/challenge/{id}`
 * (16 random bytes, base64url). Open until accepted (in the start transaction
 * of its game, which sets `game_id`), cancelled by its challenger, or past
 * `expires_at` (the sweep writes `expired`; reads treat an open challenge past
 * it as expired already).
 */
export const challenges = pgTable(
  'challenges',
  {
    id: text('id').primaryKey(),
    challengerId: uuid('challenger_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    betUsd: integer('bet_usd').notNull(),
    character: text('character').notNull(),
    status: text('status', { enum: CHALLENGE_STATUS_VALUES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedBy: uuid('accepted_by').references(() => users.id),
    gameId: uuid('game_id').references(() => games.id),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('challenges_id_format', sql`${table.id} ~ '^[A-Za-z0-9_-]{22}$'`),
    check('challenges_status_known', sql`${table.status} in ('open', 'accepted', 'cancelled', 'expired')`),
    check('challenges_bet_known', sql`${table.betUsd} in (1, 5, 10, 15, 20, 50, 100)`),
    check('challenges_accepted_has_game', sql`(${table.status} = 'accepted') = (${table.gameId} is not null)`),
    check('challenges_not_self', sql`${table.acceptedBy} is null or ${table.acceptedBy} <> ${table.challengerId}`),
    index('challenges_open_challenger_idx')
      .on(table.challengerId)
      .where(sql`${table.status} = 'open'`),
    index('challenges_open_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'open'`),
    uniqueIndex('challenges_game_idx')
      .on(table.gameId)
      .where(sql`${table.gameId} is not null`),
  ],
);

/** Issue 24: an ended game's rematch — one at most (the primary key), written in the new game's start transaction. */
export const rematches = pgTable('rematches', {
  gameId: uuid('game_id')
    .primaryKey()
    .references(() => games.id),
  newGameId: uuid('new_game_id')
    .notNull()
    .unique()
    .references(() => games.id),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Issue 24: a player's pending rematch request after an ended game (taken by the answer or the 15 s timeout, whichever comes first). */
export const rematchRequests = pgTable(
  'rematch_requests',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.fromUserId] })],
);
