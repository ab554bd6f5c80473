/** The queries of the players console (decision 039: SQL only in repositories). */
import { and, desc, eq, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import {
  accountSecurity,
  deposits,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  sessions,
  staffRoles,
  users,
  type SessionRevocationReason,
} from '../../infra/db/schema/index';

export type UserRow = typeof users.$inferSelect;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

async function usersWhere(db: Executor, condition: SQL | undefined, limit: number): Promise<UserRow[]> {
  return db.select().from(users).where(condition).orderBy(desc(users.createdAt)).limit(limit);
}

/** The account with this id (newest first, at most `limit`: zero or one). */
export async function usersById(db: Executor, userId: string, limit: number): Promise<UserRow[]> {
  return usersWhere(db, eq(users.id, userId), limit);
}

/** Accounts whose deposit address is `address` (lower case). */
export async function usersByDepositAddress(db: Executor, address: string, limit: number): Promise<UserRow[]> {
  return usersWhere(db, sql`lower(${users.walletAddress}) = ${address}`, limit);
}

/** Accounts whose linked wallet is `address` (lower case). */
export async function usersByLinkedAddress(db: Executor, address: string, limit: number): Promise<UserRow[]> {
  return usersWhere(db, eq(users.linkedAddress, address), limit);
}

/** Accounts whose e-mail or name contains `text` (case-insensitive, LIKE wildcards escaped). */
export async function usersByEmailOrName(db: Executor, text: string, limit: number): Promise<UserRow[]> {
  const pattern = likePattern(text);
  return usersWhere(db, or(ilike(users.email, pattern), ilike(users.name, pattern)), limit);
}

/** The owners of a deposit, a withdrawal or a withdrawal attempt with this transaction hash. */
export async function ownersOfTransaction(db: Executor, hash: string): Promise<string[]> {
  const owners = await db.execute<{ user_id: string }>(sql`
          SELECT user_id::text AS user_id FROM deposits WHERE tx_hash = ${hash}
          UNION SELECT user_id::text FROM withdrawals WHERE tx_hash = ${hash}
          UNION SELECT w.user_id::text FROM withdrawal_attempts a JOIN withdrawals w ON w.id = a.withdrawal_id WHERE a.tx_hash = ${hash}`);
  return owners.rows.map((row) => row.user_id);
}

/** The accounts that sent a withdrawal to `address` (lower case). */
export async function withdrawalRecipientsOwners(db: Executor, address: string): Promise<string[]> {
  const recipients = await db.execute<{ user_id: string }>(
    sql`SELECT DISTINCT user_id::text AS user_id FROM withdrawals WHERE recipient_address = ${address}`,
  );
  return recipients.rows.map((row) => row.user_id);
}

export async function userById(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

export async function staffRoleOf(
  db: Executor,
  userId: string,
): Promise<{ role: (typeof staffRoles.$inferSelect)['role'] } | undefined> {
  const [role] = await db.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, userId));
  return role;
}

export async function twoFactorOf(db: Executor, userId: string): Promise<{ enabledAt: Date | null } | undefined> {
  const [security] = await db
    .select({ enabledAt: accountSecurity.twoFactorEnabledAt })
    .from(accountSecurity)
    .where(eq(accountSecurity.userId, userId));
  return security;
}

/** The entries of the ledger account `code`, newest first, those before entry `before` when given. */
export async function ledgerEntriesOf(db: Executor, code: string, before: number | undefined, limit: number) {
  return db
    .select({
      id: ledgerEntries.id,
      at: ledgerEntries.createdAt,
      amount: ledgerEntries.amount,
      after: ledgerEntries.currentBalance,
      kind: ledgerTransfers.kind,
      transferId: ledgerEntries.transferId,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(and(eq(ledgerAccounts.code, code), before === undefined ? undefined : lt(ledgerEntries.id, before)))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
}

export async function depositsOf(db: Executor, userId: string, limit: number): Promise<(typeof deposits.$inferSelect)[]> {
  return db.select().from(deposits).where(eq(deposits.userId, userId)).orderBy(desc(deposits.createdAt)).limit(limit);
}

export type PlayerGameRow = {
  id: string;
  status: string;
  opponent_id: string;
  opponent_name: string;
  stake_wei: string;
  winner_id: string | null;
  created_at: Date | string;
};

/** The player's 100 latest games, newest first, each with the opponent's id and name. */
export async function latestGamesOf(db: Executor, userId: string): Promise<PlayerGameRow[]> {
  const gameRows = await db.execute<PlayerGameRow>(sql`
        SELECT g.id::text AS id, g.status, o.id::text AS opponent_id, o.name AS opponent_name, g.stake_wei::text AS stake_wei,
               g.winner_id::text AS winner_id, g.created_at
        FROM games g JOIN users o ON o.id = CASE WHEN g.player1_id = ${userId} THEN g.player2_id ELSE g.player1_id END
        WHERE g.player1_id = ${userId} OR g.player2_id = ${userId}
        ORDER BY g.created_at DESC LIMIT 100`);
  return gameRows.rows;
}

export async function sessionsOf(db: Executor, userId: string, limit: number): Promise<(typeof sessions.$inferSelect)[]> {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt)).limit(limit);
}

export async function referralCount(db: Executor, userId: string): Promise<number> {
  const [referrals] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.referredBy, userId));
  return referrals?.count ?? 0;
}

/** The account, its row locked until the transaction ends. */
export async function lockUser(tx: Executor, userId: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}

/** Whether the account exists, its row locked until the transaction ends. */
export async function lockUserId(tx: Executor, userId: string): Promise<{ id: string } | undefined> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return user;
}

export async function setFrozen(tx: Executor, userId: string, frozen: { at: Date; reason: string } | null): Promise<void> {
  await tx
    .update(users)
    .set(frozen === null ? { frozenAt: null, frozenReason: null } : { frozenAt: frozen.at, frozenReason: frozen.reason })
    .where(eq(users.id, userId));
}

/** Revokes every live session of the account; returns their ids. */
export async function revokeAllSessions(
  tx: Executor,
  userId: string,
  reason: SessionRevocationReason,
  now: Date,
): Promise<string[]> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.map((row) => row.id);
}

/** When the account was frozen (undefined: no such account). */
export async function frozenAtOf(db: Executor, userId: string): Promise<{ frozenAt: Date | null } | undefined> {
  const [row] = await db.select({ frozenAt: users.frozenAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}
