import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { withdrawals } from './chain';

/** Issue 18: the staff roles (see packages/protocol's STAFF_ROLES). */
export const STAFF_ROLE_VALUES = ['admin', 'finance', 'support'] as const;

/** One role per staff member; players have no row. Granted and revoked by an admin or the `staff:*` CLIs. */
export const staffRoles = pgTable(
  'staff_roles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: STAFF_ROLE_VALUES }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A staff user id, or `cli`. */
    grantedBy: text('granted_by').notNull(),
  },
  (table) => [check('staff_roles_role_known', sql`${table.role} in ('admin', 'finance', 'support')`)],
);

/**
 * Every staff action and every refused staff request. Append-only: triggers
 * (migration 0015) refuse UPDATE, DELETE and TRUNCATE, like the ledger's entries.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The staff member's user id, `cli`, or the user id of a refused requester (`anonymous` without a token). */
    actor: text('actor').notNull(),
    /** The actor's role at the time (null for a player or nobody). */
    role: text('role'),
    action: text('action').notNull(),
    /** What the action was on: `user:<id>`, `withdrawal:<id>`, a route for a refusal. */
    target: text('target'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
  },
  (table) => [
    index('audit_log_actor_idx').on(table.actor, table.id),
    index('audit_log_action_idx').on(table.action, table.id),
    index('audit_log_target_idx').on(table.target, table.id),
  ],
);

/** Results of the ledger check (`npm run ledger:check` and the console's run), for the overview. */
export const ledgerCheckRuns = pgTable('ledger_check_runs', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  ok: boolean('ok').notNull(),
  problems: jsonb('problems').$type<string[]>().notNull(),
  liabilities: numeric('liabilities', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
  holdings: numeric('holdings', { precision: 78, scale: 0, mode: 'bigint' }),
  /** `cli` or the staff member's user id. */
  ranBy: text('ran_by').notNull(),
});

export const FLAG_STATUSES = ['open', 'dismissed', 'confirmed'] as const;

/**
 * Collusion and linked-account flags: a rule's finding with its evidence, for
 * a human (never an automatic confiscation). `dedupe_key` makes a rule that
 * runs again on the same finding write nothing new. An open flag sends the
 * account's withdrawals to review.
 */
export const flags = pgTable(
  'flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rule: text('rule').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    otherUserId: uuid('other_user_id').references(() => users.id),
    evidence: jsonb('evidence').notNull(),
    status: text('status', { enum: FLAG_STATUSES }).notNull().default('open'),
    note: text('note'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    dedupeKey: text('dedupe_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('flags_user_status_idx').on(table.userId, table.status),
    index('flags_status_idx').on(table.status, table.createdAt),
    check('flags_status_known', sql`${table.status} in ('open', 'dismissed', 'confirmed')`),
    // Issue 23 (added NOT VALID: flags resolved before stay as they were): nobody resolves a flag that names them.
    check(
      'flags_not_resolved_by_named',
      sql`${table.resolvedBy} is null or (${table.resolvedBy} <> ${table.userId}::text and (${table.otherUserId} is null or ${table.resolvedBy} <> ${table.otherUserId}::text))`,
    ),
    check('flags_resolution_consistent', sql`(${table.status} = 'open') = (${table.resolvedAt} is null)`),
  ],
);

/**
 * Issue 18: the browsers an account was used from — a random id the web app
 * keeps in its storage and reports once signed in. Two accounts seen on one
 * device are linked: never matched against each other.
 */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.deviceId] }),
    index('user_devices_device_idx').on(table.deviceId),
    check('user_devices_device_id_format', sql`${table.deviceId} ~ '^[A-Za-z0-9_-]{16,64}$'`),
  ],
);

/**
 * Issue 23: who approved a withdrawal in review, one row per staff member (the
 * primary key: the same person twice is one approval). Above
 * WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH it is sent once two different staff
 * members approved it. A trigger (migration 0015) refuses an approval by the
 * withdrawal's owner.
 */
export const withdrawalApprovals = pgTable(
  'withdrawal_approvals',
  {
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.withdrawalId, table.staffUserId] })],
);
