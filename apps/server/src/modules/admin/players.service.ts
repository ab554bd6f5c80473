/**
 * Issue 18: players for support staff: search, a player's page, freeze and
 * unfreeze, sign their sessions out. Every change is audited in its own
 * transaction; the sockets of ended sessions are told why (`force_disconnect`
 * with the console's text) once the change has committed.
 */
import { ADMIN_TEXTS, type PlayerPage, type PlayerSummary } from '@shifumi/protocol';
import type { Database } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { balanceOf } from '../ledger/ledger.service';
import { appendAudit } from './audit-log';
import { auditRefusal, fourEyesRefusal, type FourEyesRefused, type GuardedAction } from './four-eyes';
import * as repo from './players.repo';
import type { UserRow } from './players.repo';
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

export type PlayerChange =
  { found: false } | ({ found: true } & FourEyesRefused) | { found: true; refused?: undefined; changed: boolean };

export interface PlayersDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  disconnects: StaffDisconnects;
  /** WITHDRAWAL_SECOND_APPROVAL_ABOVE_ETH in wei (the page's withdrawals show the approvals they need). */
  secondApprovalAboveWei: bigint;
}

/** A player's page for staff: the account, its ledger (a page of entries), deposits, withdrawals, games, sessions, referrals. */
async function playerPage(
  db: Database,
  userId: string,
  entriesBefore: number | undefined,
  secondApprovalAboveWei: bigint,
): Promise<PlayerPage | undefined> {
  const user = await repo.userById(db, userId);
  if (!user) return undefined;
  const role = await repo.staffRoleOf(db, userId);
  const security = await repo.twoFactorOf(db, userId);
  const account = LedgerAccounts.user(userId);
  const entries = await repo.ledgerEntriesOf(db, account.code, entriesBefore, PAGE_ENTRIES + 1);
  const pageEntries = entries.slice(0, PAGE_ENTRIES);
  const depositRows = await repo.depositsOf(db, userId, 100);
  const gameRows = await repo.latestGamesOf(db, userId);
  const sessionRows = await repo.sessionsOf(db, userId, 50);
  const referrals = await repo.referralCount(db, userId);
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
    deposits: depositRows.map((row) => ({
      id: row.id,
      txHash: row.txHash,
      amountWei: row.amount.toString(),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
    withdrawals: await listWithdrawals(db, { userId }, { secondApprovalAboveWei }, 100),
    games: gameRows.map((row) => ({
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
    referrals,
  };
}

export function createPlayersAdmin(deps: PlayersDeps) {
  const { db, clock } = deps;

  async function byId(userId: string, matched: string): Promise<PlayerSummary[]> {
    return (await repo.usersById(db, userId, SEARCH_LIMIT)).map((row) => summaryOf(row, matched));
  }

  /** A four-eyes refusal, audited on its own, as the action's answer. */
  async function refusedAnswer(
    staff: StaffContext,
    action: GuardedAction,
    auditAction: string,
    userId: string,
    refused: FourEyesRefused['refused'],
  ): Promise<PlayerChange> {
    await auditRefusal(db, deps.logger, staff, { action: auditAction, target: `user:${userId}`, refused, at: clock() });
    return { found: true, refused, action };
  }

  return {
    /** E-mail, name, deposit or wallet address, user id, or a deposit's or withdrawal's transaction hash. */
    async search(query: string): Promise<PlayerSummary[]> {
      const q = query.trim();
      if (UUID_PATTERN.test(q)) return byId(q.toLowerCase(), 'user_id');
      if (TX_HASH_PATTERN.test(q)) {
        const hash = q.toLowerCase();
        const found: PlayerSummary[] = [];
        for (const owner of await repo.ownersOfTransaction(db, hash)) found.push(...(await byId(owner, 'tx_hash')));
        return found;
      }
      if (ADDRESS_PATTERN.test(q)) {
        const address = q.toLowerCase();
        const byDeposit = (await repo.usersByDepositAddress(db, address, SEARCH_LIMIT)).map((row) =>
          summaryOf(row, 'deposit_address'),
        );
        const byWallet = (await repo.usersByLinkedAddress(db, address, SEARCH_LIMIT)).map((row) =>
          summaryOf(row, 'wallet_address'),
        );
        const byRecipient: PlayerSummary[] = [];
        for (const owner of await repo.withdrawalRecipientsOwners(db, address))
          byRecipient.push(...(await byId(owner, 'wallet_address')));
        const seen = new Set<string>();
        return [...byDeposit, ...byWallet, ...byRecipient].filter(
          (player) => !seen.has(player.userId) && seen.add(player.userId),
        );
      }
      const rows = await repo.usersByEmailOrName(db, q.toLowerCase(), SEARCH_LIMIT);
      return rows.map((row) => summaryOf(row, row.email !== null && row.email.includes(q.toLowerCase()) ? 'email' : 'name'));
    },

    page(userId: string, entriesBefore?: number): Promise<PlayerPage | undefined> {
      return playerPage(db, userId, entriesBefore, deps.secondApprovalAboveWei);
    },

    /** Frozen: cannot play, search or withdraw; every session is signed out, told why; signing in again works. */
    async freeze(userId: string, reason: string, staff: StaffContext): Promise<PlayerChange> {
      const outcome = await db.transaction(async (tx) => {
        const user = await repo.lockUser(tx, userId);
        if (!user) return undefined;
        const refused = await fourEyesRefusal(tx, staff, [userId]);
        if (refused) return { refused };
        if (user.frozenAt !== null) return { changed: false, ended: [] as string[] };
        const now = clock();
        await repo.setFrozen(tx, userId, { at: now, reason });
        const ended = await repo.revokeAllSessions(tx, userId, 'account_frozen', now);
        await appendAudit(tx, {
          actor: staff.userId,
          role: staff.role,
          action: 'player.freeze',
          target: `user:${userId}`,
          before: { frozen: false },
          after: { frozen: true, sessionsRevoked: ended.length },
          reason,
          ip: staff.ip,
          at: now,
        });
        return { changed: true, ended };
      });
      if (!outcome) return { found: false };
      if (outcome.refused) return refusedAnswer(staff, 'freeze', 'player.freeze', userId, outcome.refused);
      if (outcome.ended.length > 0)
        deps.disconnects.sessionsEnded(outcome.ended, ADMIN_TEXTS.accountFrozenDisconnectWithReason(reason));
      if (outcome.changed) deps.logger.info({ userId, staff: staff.userId }, 'Player frozen');
      return { found: true, changed: outcome.changed };
    },

    async unfreeze(userId: string, reason: string, staff: StaffContext): Promise<PlayerChange> {
      const changed = await db.transaction(async (tx) => {
        const user = await repo.lockUser(tx, userId);
        if (!user) return undefined;
        const refused = await fourEyesRefusal(tx, staff, [userId]);
        if (refused) return { refused };
        if (user.frozenAt === null) return false;
        const now = clock();
        await repo.setFrozen(tx, userId, null);
        await appendAudit(tx, {
          actor: staff.userId,
          role: staff.role,
          action: 'player.unfreeze',
          target: `user:${userId}`,
          before: { frozen: true, reason: user.frozenReason },
          after: { frozen: false },
          reason,
          ip: staff.ip,
          at: now,
        });
        return true;
      });
      if (changed === undefined) return { found: false };
      if (typeof changed === 'object') return refusedAnswer(staff, 'unfreeze', 'player.unfreeze', userId, changed.refused);
      return { found: true, changed };
    },

    async revokeSessions(userId: string, reason: string, staff: StaffContext): Promise<PlayerChange> {
      const ended = await db.transaction(async (tx) => {
        const user = await repo.lockUserId(tx, userId);
        if (!user) return undefined;
        const refused = await fourEyesRefusal(tx, staff, [userId]);
        if (refused) return { refused };
        const now = clock();
        const ids = await repo.revokeAllSessions(tx, userId, 'revoked_by_staff', now);
        await appendAudit(tx, {
          actor: staff.userId,
          role: staff.role,
          action: 'player.revoke_sessions',
          target: `user:${userId}`,
          after: { sessionsRevoked: ids.length },
          reason,
          ip: staff.ip,
          at: now,
        });
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
