import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Responsible gaming (issue 19). One row per player and limit (kind × period):
 * the amount in force (whole USD, null = none) and at most one pending change
 * (`pending_set`; `pending_amount_usd` null = removal) that takes effect at
 * `pending_effective_at`. A pending change is applied when read after that
 * time, so no job has to run at the right moment.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    amountUsd: integer('amount_usd'),
    pendingSet: boolean('pending_set').notNull().default(false),
    pendingAmountUsd: integer('pending_amount_usd'),
    pendingEffectiveAt: timestamp('pending_effective_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind, table.period] }),
    check('player_limits_kind', sql`${table.kind} in ('deposit', 'loss', 'wager')`),
    check('player_limits_period', sql`${table.period} in ('day', 'week', 'month')`),
    check('player_limits_amount_positive', sql`${table.amountUsd} is null or ${table.amountUsd} > 0`),
    check('player_limits_pending_positive', sql`${table.pendingAmountUsd} is null or ${table.pendingAmountUsd} > 0`),
    check('player_limits_pending_consistent', sql`${table.pendingSet} = (${table.pendingEffectiveAt} is not null)`),
  ],
);

/**
 * A player's other tools: the reality-check interval in force (and a pending
 * less frequent one), the time-out and the self-exclusion. A self-exclusion
 * past its term stays in force until the player asks to end it and the
 * cooling-off after that request has passed.
 */
export const playerProtections = pgTable(
  'player_protections',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    realityCheckMinutes: integer('reality_check_minutes').notNull().default(60),
    pendingRealityCheckMinutes: integer('pending_reality_check_minutes'),
    pendingRealityCheckAt: timestamp('pending_reality_check_at', { withTimezone: true, mode: 'date' }),
    timeOutUntil: timestamp('time_out_until', { withTimezone: true, mode: 'date' }),
    selfExclusionStartedAt: timestamp('self_exclusion_started_at', { withTimezone: true, mode: 'date' }),
    selfExclusionUntil: timestamp('self_exclusion_until', { withTimezone: true, mode: 'date' }),
    selfExclusionEndRequestedAt: timestamp('self_exclusion_end_requested_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('player_protections_reality_check', sql`${table.realityCheckMinutes} in (0, 15, 30, 60)`),
    check(
      'player_protections_pending_reality_check',
      sql`(${table.pendingRealityCheckMinutes} is null) = (${table.pendingRealityCheckAt} is null)`,
    ),
  ],
);

/**
 * The account's responsible-gaming history, append-only: every limit change,
 * time-out, self-exclusion and request to end one, with its time (for the
 * player and, later, the staff console).
 */
export const responsibleGamingEvents = pgTable(
  'responsible_gaming_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('responsible_gaming_events_user_idx').on(table.userId, table.id)],
);

/** Age confirmation and Terms acceptance, one row per accepted Terms version. */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    termsVersion: text('terms_version').notNull(),
    ageConfirmedAt: timestamp('age_confirmed_at', { withTimezone: true, mode: 'date' }).notNull(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.termsVersion] })],
);
