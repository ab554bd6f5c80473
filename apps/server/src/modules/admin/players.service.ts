/**
 * Issue 18: players for support staff: search, a player's page, freeze and
 * unfreeze, sign their sessions out. Every change is audited in its own
 * transaction; the sockets of ended sessions are told why (`force_disconnect`
 * with the console's text) once the change has committed.
 */
import { and, desc, eq, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import { ADMIN_TEXTS, type PlayerPage, type PlayerSummary } from '@shifumi/protocol';
import type { Database, Executor } from '../../infra/db/database';
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
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { balanceOf } from '../ledger/ledger.service';
import { appendAudit } from './audit-log';
import { auditRefusal, fourEyesRefusal, type FourEyesRefused, type GuardedAction } from './four-eyes';
import type { StaffContext } from './staff-access';
import { listWithdrawals } from './withdrawal-review';

/** What the players module needs from the transport: close these sessions' sockets, telling them why. */
export interface StaffDisconnects {
  sessionsEnded(sessionIds: string[], message: string): void;
}

const SEARCH_LIMIT = 50;
const PAGE_ENTRIES = 50;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TX_HASH_PATTERN = /^0x[0-9a-f]{64}$/i;
const ADDRESS_PATTERN = /^0x[0-9a-f]{40}$/i;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

type UserRow = typeof users.$inferSelect;

function summaryOf(user: UserRow, matched: string): PlayerSummary {
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    walletAddress: user.walletAddress,
    linkedAddress: user.linkedAddress,
    frozen: user.frozenAt !== null,
    createdAt: user.createdAt.toISOString(),
    matched,
  };
}

export type PlayerChange = { found: false } | ({ found: true } & FourEyesRefused) | { found: true; refused?: undefined; changed: boolean };

export interface PlayersDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  disconnects: StaffDisconnects;
  /** WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH in wei (the page's withdrawals show the approvals they need). */
  secondApprovalAboveWei: bigint;
}

export function createPlayersAdmin(deps: PlayersDeps) {
  const { db, clock } = deps;

  async function usersWhere(condition: ReturnType<typeof eq>, matched: string): Promise<PlayerSummary[]> {
    const rows = await db.select().from(users).where(condition).orderBy(desc(users.createdAt)).limit(SEARCH_LIMIT);
    return rows.map((row) => summaryOf(row, matched));
  }

  /** A four-eyes refusal, audited on its own, as the action's answer. */
  async function refusedAnswer(staff: StaffContext, action: GuardedAction, auditAction: string, userId: string, refused: FourEyesRefused['refused']): Promise<PlayerChange> {
    await auditRefusal(db, deps.logger, staff, { action: auditAction, target: `user:${userId}`, refused, at: clock() });
    return { found: true, refused, action };
  }

  async function revokeAll(tx: Executor, userId: string, reason: SessionRevocationReason, now: Date): Promise<string[]> {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return revoked.map((row) => row.id);
  }

  return {
    /** E-mail, name, deposit or wallet address, user id, or a deposit's or withdrawal's transaction hash. */
    async search(query: string): Promise<PlayerSummary[]> {
      const q = query.trim();
      if (UUID_PATTERN.test(q)) return usersWhere(eq(users.id, q.toLowerCase()), 'user_id');
      if (TX_HASH_PATTERN.test(q)) {
        const hash = q.toLowerCase();
        const owners = await db.execute<{ user_id: string }>(sql`
          SELECT user_id::text AS user_id FROM deposits WHERE tx_hash = ${hash}
          UNION SELECT user_id::text FROM withdrawals WHERE tx_hash = ${hash}
          UNION SELECT w.user_id::text FROM withdrawal_attempts a JOIN withdrawals w ON w.id = a.withdrawal_id WHERE a.tx_hash = ${hash}`);
        const found: PlayerSummary[] = [];
        for (const owner of owners.rows) found.push(...(await usersWhere(eq(users.id, owner.user_id), 'tx_hash')));
        return found;
      }
      if (ADDRESS_PATTERN.test(q)) {
        const address = q.toLowerCase();
        const byDeposit = await usersWhere(sql`lower(${users.walletAddress}) = ${address}` as ReturnType<typeof eq>, 'deposit_address');
        const byWallet = await usersWhere(eq(users.linkedAddress, address), 'wallet_address');
        const recipients = await db.execute<{ user_id: string }>(sql`SELECT DISTINCT user_id::text AS user_id FROM withdrawals WHERE recipient_address = ${address}`);
        const byRecipient: PlayerSummary[] = [];
        for (const row of recipients.rows) byRecipient.push(...(await usersWhere(eq(users.id, row.user_id), 'wallet_address')));
        const seen = new Set<string>();
        return [...byDeposit, ...byWallet, ...byRecipient].filter((player) => !seen.has(player.userId) && seen.add(player.userId));
      }
      const pattern = likePattern(q.toLowerCase());
      const rows = await db
        .select()
        .from(users)
        .where(or(ilike(users.email, pattern), ilike(users.name, pattern)))
        .orderBy(desc(users.createdAt))
        .limit(SEARCH_LIMIT);
      return rows.map((row) => summaryOf(row, row.email !== null && row.email.includes(q.toLowerCase()) ? 'email' : 'name'));
    },

    async page(userId: string, entriesBefore?: number): Promise<PlayerPage | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) return undefined;
      const [role] = await db.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, userId));
      const [security] = await db.select({ enabledAt: accountSecurity.twoFactorEnabledAt }).from(accountSecurity).where(eq(accountSecurity.userId, userId));
      const account = LedgerAccounts.user(userId);
      const entries = await db
        .select({ id: ledgerEntries.id, at: ledgerEntries.createdAt, amount: ledgerEntries.amount, after: ledgerEntries.currentBalance, kind: ledgerTransfers.kind, transferId: ledgerEntries.transferId })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
        .where(and(eq(ledgerAccounts.code, account.code), entriesBefore === undefined ? undefined : lt(ledgerEntries.id, entriesBefore)))
        .orderBy(desc(ledgerEntries.id))
        .limit(PAGE_ENTRIES + 1);
      const pageEntries = entries.slice(0, PAGE_ENTRIES);
      const depositRows = await db.select().from(deposits).where(eq(deposits.userId, userId)).orderBy(desc(deposits.createdAt)).limit(100);
      const gameRows = await db.execute<{ id: string; status: string; opponent_id: string; opponent_name: string; stake_wei: string; winner_id: string | null; created_at: Date | string }>(sql`
        SELECT g.id::text AS id, g.status, o.id::text AS opponent_id, o.name AS opponent_name, g.stake_wei::text AS stake_wei,
               g.winner_id::text AS winner_id, g.created_at
        FROM games g JOIN users o ON o.id = CASE WHEN g.player1_id = ${userId} THEN g.player2_id ELSE g.player1_id END
        WHERE g.player1_id = ${userId} OR g.player2_id = ${userId}
        ORDER BY g.created_at DESC LIMIT 100`);
      const sessionRows = await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt)).limit(50);
      const [referrals] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(eq(users.referredBy, userId));
      return {
        player: {
          userId: user.id,
          name: user.name,
          email: user.email,
          emailVerified: user.emailVerifiedAt !== null,
          depositAddress: user.walletAddress,
          linkedAddress: user.linkedAddress,
          createdAt: user.createdAt.toISOString(),
          frozen: user.frozenAt && user.frozenReason !== null ? { at: user.frozenAt.toISOString(), reason: user.frozenReason } : null,
          role: role?.role ?? null,
          referralCode: user.referralCode,
          referredBy: user.referredBy,
          twoFactorEnabled: security !== undefined && security.enabledAt !== null,
        },
        balanceWei: (await balanceOf(db, account)).toString(),
        ledgerEntries: pageEntries.map((entry) => ({
          id: String(entry.id),
          at: entry.at.toISOString(),
          amountWei: entry.amount.toString(),
          balanceAfterWei: entry.after.toString(),
          kind: entry.kind,
          transferId: entry.transferId,
        })),
        nextBefore: entries.length > PAGE_ENTRIES ? String(pageEntries[pageEntries.length - 1]!.id) : null,
        deposits: depositRows.map((row) => ({ id: row.id, txHash: row.txHash, amountWei: row.amount.toString(), status: row.status, createdAt: row.createdAt.toISOString() })),
        withdrawals: await listWithdrawals(db, { userId }, { secondApprovalAboveWei: deps.secondApprovalAboveWei }, 100),
        games: gameRows.rows.map((row) => ({
          gameId: row.id,
          status: row.status,
          opponentId: row.opponent_id,
          opponentName: row.opponent_name,
          stakeWei: row.stake_wei,
          winnerId: row.winner_id,
          createdAt: new Date(row.created_at).toISOString(),
        })),
        sessions: sessionRows.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          ip: row.ip,
          userAgent: row.userAgent,
          revokedAt: row.revokedAt?.toISOString() ?? null,
        })),
        referrals: referrals?.count ?? 0,
      };
    },

    /** Frozen: cannot play, search or withdraw; every session is signed out, told why; signing in again works. */
    async freeze(userId: string, reason: string, staff: StaffContext): Promise<PlayerChange> {
      const outcome = await db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!user) return undefined;
        const refused = await fourEyesRefusal(tx, staff, [userId]);
        if (refused) return { refused };
        if (user.frozenAt !== null) return { changed: false, ended: [] as string[] };
        const now = clock();
        await tx.update(users).set({ frozenAt: now, frozenReason: reason }).where(eq(users.id, userId));
        const ended = await revokeAll(tx, userId, 'account_frozen', now);
        await appendAudit(tx, { actor: staff.userId, role: staff.role, action: 'player.freeze', target: `user:${userId}`, before: { frozen: false }, after: { frozen: true, sessionsRevoked: ended.length }, reason, ip: staff.ip, at: now });
        return { changed: true, ended };
      });
      if (!outcome) return { found: false };
      if (outcome.refused) return refusedAnswer(staff, 'freeze', 'player.freeze', userId, outcome.refused);
      if (outcome.ended.length > 0) deps.disconnects.sessionsEnded(outcome.ended, ADMIN_TEXTS.accountFrozenDisconnect);
      if (outcome.changed) deps.logger.info({ userId, staff: staff.userId }, 'Player frozen');
      return { found: true, changed: outcome.changed };
    },

    async unfreeze(userId: string, reason: string, staff: StaffContext): Promise<PlayerChange> {
      const changed = await db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!user) return undefined;
        const refused = await fourEyesRefusal(tx, staff, [userId]);
        if (refused) return { refused };
        if (user.frozenAt === null) return false;
        const now = clock();
        await tx.update(users).set({ frozenAt: null, frozenReason: null }).where(eq(users.id, userId));
        await appendAudit(tx, { actor: staff.userId, role: staff.role, action: 'player.unfreeze', target: `user:${userId}`, before: { frozen: true, reason: user.frozenReason }, after: { frozen: false }, reason, ip: staff.ip, at: now });
        return true;
      });
      if (changed === undefined) return { found: false };
      if (typeof changed === 'object') return refusedAnswer(staff, 'unfreeze', 'player.unfreeze', userId, changed.refused);
      return { found: true, changed };
    },

    async revokeSessions(userId: string, reason: string, staff: StaffContext): Promise<PlayerChange> {
      const ended = await db.transaction(async (tx) => {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        if (!user) return undefined;
        const refused = await fourEyesRefusal(tx, staff, [userId]);
        if (refused) return { refused };
        const now = clock();
        const ids = await revokeAll(tx, userId, 'revoked_by_staff', now);
        await appendAudit(tx, { actor: staff.userId, role: staff.role, action: 'player.revoke_sessions', target: `user:${userId}`, after: { sessionsRevoked: ids.length }, reason, ip: staff.ip, at: now });
        return ids;
      });
      if (!ended) return { found: false };
      if (!Array.isArray(ended)) return refusedAnswer(staff, 'revokeSessions', 'player.revoke_sessions', userId, ended.refused);
      if (ended.length > 0) deps.disconnects.sessionsEnded(ended, ADMIN_TEXTS.sessionsRevokedDisconnect);
      return { found: true, changed: ended.length > 0 };
    },
  };
}

export type PlayersAdmin = ReturnType<typeof createPlayersAdmin>;
