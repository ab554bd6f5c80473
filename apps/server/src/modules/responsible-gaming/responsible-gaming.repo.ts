/** SQL of responsible gaming: settings, the account's history, and what the limits count. */
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { LimitKind, LimitPeriod } from '@shifumi/protocol';
import type { Executor } from '../../infra/db/database';
import {
  games,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  playerLimits,
  playerProtections,
  responsibleGamingEvents,
  termsAcceptances,
  users,
} from '../../infra/db/schema/index';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import type { CreditedDeposit, LimitSetting, PlayedGame } from './limit-rules';

export type StoredLimits = Map<`${LimitKind}:${LimitPeriod}`, LimitSetting>;

export async function readLimits(db: Executor, userId: string): Promise<StoredLimits> {
  const rows = await db.select().from(playerLimits).where(eq(playerLimits.userId, userId));
  const limits: StoredLimits = new Map();
  for (const row of rows) {
    limits.set(`${row.kind as LimitKind}:${row.period as LimitPeriod}`, {
      amountUsd: row.amountUsd,
      pending: row.pendingEffectiveAt ? { amountUsd: row.pendingAmountUsd, effectiveAt: row.pendingEffectiveAt } : null,
    });
  }
  return limits;
}

export async function writeLimit(
  db: Executor,
  userId: string,
  kind: LimitKind,
  period: LimitPeriod,
  setting: LimitSetting,
  now: Date,
): Promise<void> {
  const values = {
    amountUsd: setting.amountUsd,
    pendingSet: setting.pending !== null,
    pendingAmountUsd: setting.pending?.amountUsd ?? null,
    pendingEffectiveAt: setting.pending?.effectiveAt ?? null,
    updatedAt: now,
  };
  await db
    .insert(playerLimits)
    .values({ userId, kind, period, ...values })
    .onConflictDoUpdate({ target: [playerLimits.userId, playerLimits.kind, playerLimits.period], set: values });
}

export type ProtectionsRow = typeof playerProtections.$inferSelect;

/** What a game's start must know of a player before anything else: frozen, their protections, whether they set any limit. */
export interface PlayFacts {
  frozen: boolean;
  protections: ProtectionsRow | undefined;
  hasLimits: boolean;
}

/** What `PLAY_FACTS_COLUMNS` answers of a player (timestamps as epoch milliseconds, the same on PostgreSQL and PGlite). */
export type PlayFactsRow = {
  id: string;
  frozen: boolean;
  has_protections: boolean;
  reality_check_minutes: number | null;
  pending_reality_check_minutes: number | null;
  pending_reality_check_at: number | string | null;
  time_out_until: number | string | null;
  self_exclusion_started_at: number | string | null;
  self_exclusion_until: number | string | null;
  self_exclusion_end_requested_at: number | string | null;
  updated_at: number | string | null;
  has_limits: boolean;
};

const ms = (column: string) => `(extract(epoch from p.${column}) * 1000)::float8 as ${column}`;

/**
 * The columns of `PlayFactsRow`, over `users u left join player_protections p on p.user_id = u.id`
 * (issue 30: the game start reads them in a statement of its own, games/game-start.repo.ts).
 */
export const PLAY_FACTS_COLUMNS = `u.id::text as id, u.frozen_at is not null as frozen, p.user_id is not null as has_protections,
  p.reality_check_minutes, p.pending_reality_check_minutes, ${ms('pending_reality_check_at')}, ${ms('time_out_until')},
  ${ms('self_exclusion_started_at')}, ${ms('self_exclusion_until')}, ${ms('self_exclusion_end_requested_at')}, ${ms('updated_at')},
  exists (select 1 from player_limits l where l.user_id = u.id) as has_limits`;

/** The facts of the rows of `PLAY_FACTS_COLUMNS`, by user id. */
export function playFactsOf(rows: readonly PlayFactsRow[]): Map<string, PlayFacts> {
  const at = (value: number | string | null) => (value === null ? null : new Date(Number(value)));
  const facts = new Map<string, PlayFacts>();
  for (const row of rows) {
    facts.set(row.id, {
      frozen: row.frozen,
      hasLimits: row.has_limits,
      protections: row.has_protections
        ? {
            userId: row.id,
            realityCheckMinutes: row.reality_check_minutes ?? 60,
            pendingRealityCheckMinutes: row.pending_reality_check_minutes,
            pendingRealityCheckAt: at(row.pending_reality_check_at),
            timeOutUntil: at(row.time_out_until),
            selfExclusionStartedAt: at(row.self_exclusion_started_at),
            selfExclusionUntil: at(row.self_exclusion_until),
            selfExclusionEndRequestedAt: at(row.self_exclusion_end_requested_at),
            updatedAt: at(row.updated_at) ?? new Date(0),
          }
        : undefined,
    });
  }
  return facts;
}

/**
 * The players' rows locked (in id order, like `lockPlayers`) and, in the same
 * statement, what `checkPlayAllowed` needs first of each — one round trip in
 * the start transaction instead of four per player (issue 16).
 */
export async function readPlayFacts(tx: Executor, userIds: readonly string[]): Promise<Map<string, PlayFacts>> {
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { rows } = await tx.execute<PlayFactsRow>(sql`
    select ${sql.raw(PLAY_FACTS_COLUMNS)}
    from users u left join player_protections p on p.user_id = u.id
    where u.id in (${ids}) order by u.id for update of u`);
  return playFactsOf(rows);
}

export async function readProtections(db: Executor, userId: string): Promise<ProtectionsRow | undefined> {
  const [row] = await db.select().from(playerProtections).where(eq(playerProtections.userId, userId));
  return row;
}

export async function writeProtections(
  db: Executor,
  userId: string,
  values: Partial<Omit<ProtectionsRow, 'userId'>> & { updatedAt: Date },
): Promise<void> {
  await db
    .insert(playerProtections)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: playerProtections.userId, set: values });
}

export async function recordEvent(
  db: Executor,
  userId: string,
  kind: string,
  detail: Record<string, string | number | boolean | null>,
  now: Date,
): Promise<void> {
  await db.insert(responsibleGamingEvents).values({ userId, kind, detail, createdAt: now });
}

export async function listEvents(db: Executor, userId: string) {
  return db
    .select({
      kind: responsibleGamingEvents.kind,
      detail: responsibleGamingEvents.detail,
      createdAt: responsibleGamingEvents.createdAt,
    })
    .from(responsibleGamingEvents)
    .where(eq(responsibleGamingEvents.userId, userId))
    .orderBy(asc(responsibleGamingEvents.id));
}

/**
 * Locks the players' rows, in id order (the order the escrow step locks them
 * in), so that every check of a player's limits and the stake it allows are
 * serialised across tabs and nodes.
 */
export async function lockPlayers(tx: Executor, userIds: readonly string[]): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...userIds]))
    .orderBy(users.id)
    .for('update');
}

/** The player's games created after `since`, as the loss and wager limits count them. */
export async function gamesSince(db: Executor, userId: string, since: Date): Promise<PlayedGame[]> {
  const rows = await db
    .select({ betUsd: games.betUsd, createdAt: games.createdAt, status: games.status, winnerId: games.winnerId })
    .from(games)
    .where(and(or(eq(games.player1Id, userId), eq(games.player2Id, userId)), gt(games.createdAt, since)));
  return rows.map((row) => ({
    betUsd: row.betUsd,
    createdAt: row.createdAt,
    outcome:
      row.status === 'playing' ? 'playing' : row.status === 'refunded' ? 'refunded' : row.winnerId === userId ? 'won' : 'lost',
  }));
}

/** The player's credited deposits after `since` (ledger `deposit` transfers into their account). */
export async function depositsSince(db: Executor, userId: string, since: Date): Promise<CreditedDeposit[]> {
  const rows = await db
    .select({ amount: ledgerEntries.amount, createdAt: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(
      and(
        eq(ledgerAccounts.code, LedgerAccounts.user(userId).code),
        eq(ledgerTransfers.kind, 'deposit'),
        gt(ledgerEntries.createdAt, since),
        sql`${ledgerEntries.amount} > 0`,
      ),
    );
  return rows.map((row) => ({ amountWei: row.amount, createdAt: row.createdAt }));
}

/** Issue 19: the age confirmation and the acceptance of this Terms version, at `now`. */
export async function recordTermsAcceptance(db: Executor, userId: string, termsVersion: string, now: Date): Promise<void> {
  await db
    .insert(termsAcceptances)
    .values({ userId, termsVersion, ageConfirmedAt: now, termsAcceptedAt: now })
    .onConflictDoNothing();
}
