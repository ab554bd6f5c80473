/**
 * Issue 18: money that needs a human, in one list, each item with the
 * actions that are safe for it:
 *
 * - games past their deadline by more than a minute and not settled →
 *   `take_over`: this node takes over games nobody runs and applies what fell
 *   due (the rules settle them; settlement has its own idempotency key);
 * - withdrawals sent and not mined past WITHDRAWAL_STUCK_MS (the sender
 *   re-prices them on its own: listed for a human to watch);
 * - withdrawals whose nonce another transaction used → `fail_and_refund`,
 *   only once the chain's nonce count at the required depth is past it and
 *   none of the withdrawal's own transactions has a receipt;
 * - deposits seen on chain and not credited after their confirmations →
 *   `credit_now`: the deposit watcher checks the transaction on the chain
 *   (mined, successful, in the recorded block, to the address, for the
 *   amount, with its confirmations) and credits it by its own path;
 * - sweeps that failed: no action — the sweeper sends a new sweep for the
 *   address on its next pass (decision 026); listed while the address's
 *   latest sweep is the failed one.
 *
 * Every action locks its row, acts only from the state it was offered for
 * (a second click changes nothing) and is audited.
 *
 * Issue 23 (decision 029): nobody refunds their own withdrawal or credits a
 * deposit to themselves, and a staff account's money is acted on by an admin
 * only — checked first (refused whatever the chain says) and again inside the
 * transaction that moves the money.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { StaffRole } from '@shifumi/protocol';
import type { Hex, PublicClient } from 'viem';
import type { Database } from '../../infra/db/database';
import { deposits, games, staffRoles, sweeps, withdrawalAttempts, withdrawals } from '../../infra/db/schema/index';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { BalanceEvents } from '../ledger/balance-events';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { transfer } from '../ledger/ledger.service';
import { lockWithdrawal } from '../withdrawals/withdrawals.repo';
import type { CreditNowOutcome, DepositWatcher } from '../deposits/deposit-watcher';
import { appendAudit } from './audit-log';
import { auditRefusal, fourEyesRefusal, type FourEyesRefused } from './four-eyes';
import type { StaffContext } from './staff-access';

export const STUCK_KINDS = ['game_overdue', 'withdrawal_unmined', 'withdrawal_nonce_taken', 'deposit_uncredited', 'sweep_failed'] as const;
export type StuckKind = (typeof STUCK_KINDS)[number];
export type StuckAction = 'take_over' | 'fail_and_refund' | 'credit_now';

export interface StuckItem {
  kind: StuckKind;
  id: string;
  since: string;
  detail: string;
  actions: StuckAction[];
  /** Whose money it is (a withdrawal's or a deposit's owner) with their staff role; null for a game or a sweep. */
  owner: { userId: string; role: StaffRole | null } | null;
}

/** Thrown inside the crediting transaction when the four-eyes rules refuse it there (rolls the credit back). */
class FourEyesRefusedInTransaction extends Error {
  constructor(readonly refused: FourEyesRefused['refused']) {
    super('Refused by the four-eyes rules');
  }
}

/** The refund reason stored on a withdrawal whose nonce another transaction used. */
export const NONCE_TAKEN_REASON = 'Its nonce was used by another transaction from the hot wallet; the amount and fee were returned.';

export interface StuckDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  balanceEvents: BalanceEvents;
  withdrawalStuckMs: number;
  /** Takes over games nobody runs and applies their deadlines (the game service's resume). */
  takeOverGames: () => Promise<number>;
  chain?: { publicClient: Pick<PublicClient, 'getBlockNumber' | 'getTransactionCount' | 'getTransactionReceipt'>; hotWalletAddress: Hex; chainId: number; requiredConfirmations: number; depositConfirmations: number };
  /** The deposit watcher's "credit now" (checked on the chain, credited by its own path); absent without a chain. */
  creditDeposit?: DepositWatcher['creditNow'];
}

const OVERDUE_MS = 60_000;

export function createStuck(deps: StuckDeps) {
  const { db, clock, chain } = deps;

  /** True when some of these transactions has a receipt (was mined). */
  async function anyMined(hashes: readonly string[]): Promise<boolean> {
    if (!chain) return false;
    for (const hash of hashes) {
      const receipt = await chain.publicClient.getTransactionReceipt({ hash: hash as Hex }).catch(() => undefined);
      if (receipt) return true;
    }
    return false;
  }

  /** The hot wallet's nonce count at the required depth (transactions mined that deep); the head read afresh, not viem's cached one (4 s). */
  async function minedNonceCountAtDepth(): Promise<number | undefined> {
    if (!chain) return undefined;
    const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
    const depth = BigInt(Math.max(chain.requiredConfirmations - 1, 0));
    if (head < depth) return 0;
    return chain.publicClient.getTransactionCount({ address: chain.hotWalletAddress, blockNumber: head - depth });
  }

  async function nonceTaken(withdrawal: { id: string; nonce: number | null }, countAtDepth: number | undefined): Promise<boolean> {
    if (withdrawal.nonce === null || countAtDepth === undefined || countAtDepth <= withdrawal.nonce) return false;
    const attempts = await db.select({ hash: withdrawalAttempts.txHash }).from(withdrawalAttempts).where(eq(withdrawalAttempts.withdrawalId, withdrawal.id));
    return !(await anyMined(attempts.map((attempt) => attempt.hash)));
  }

  async function withOwners(items: Array<Omit<StuckItem, 'owner'> & { ownerId: string | null }>): Promise<StuckItem[]> {
    const ids = [...new Set(items.flatMap((item) => (item.ownerId === null ? [] : [item.ownerId])))];
    const roles = ids.length === 0 ? [] : await db.select({ userId: staffRoles.userId, role: staffRoles.role }).from(staffRoles).where(inArray(staffRoles.userId, ids));
    const roleOf = new Map(roles.map((row) => [row.userId, row.role]));
    return items.map(({ ownerId, ...item }) => ({ ...item, owner: ownerId === null ? null : { userId: ownerId, role: roleOf.get(ownerId) ?? null } }));
  }

  return {
    async list(): Promise<StuckItem[]> {
      const now = clock();
      const items: Array<Omit<StuckItem, 'owner'> & { ownerId: string | null }> = [];
      const overdue = await db
        .select({ id: games.id, deadline: games.nextDeadline })
        .from(games)
        .where(and(eq(games.status, 'playing'), lt(games.nextDeadline, new Date(now.getTime() - OVERDUE_MS))));
      for (const game of overdue) {
        items.push({ kind: 'game_overdue', id: game.id, since: game.deadline!.toISOString(), detail: 'Past its deadline by more than a minute and not settled.', actions: ['take_over'], ownerId: null });
      }
      const sent = await db.select().from(withdrawals).where(eq(withdrawals.status, 'sent'));
      const countAtDepth = sent.length > 0 ? await minedNonceCountAtDepth().catch(() => undefined) : undefined;
      for (const withdrawal of sent) {
        if (await nonceTaken(withdrawal, countAtDepth)) {
          items.push({ kind: 'withdrawal_nonce_taken', id: withdrawal.id, since: withdrawal.updatedAt.toISOString(), detail: `Nonce ${withdrawal.nonce} was used by another transaction.`, actions: ['fail_and_refund'], ownerId: withdrawal.userId });
        } else if (withdrawal.updatedAt.getTime() < now.getTime() - deps.withdrawalStuckMs) {
          items.push({ kind: 'withdrawal_unmined', id: withdrawal.id, since: withdrawal.updatedAt.toISOString(), detail: 'Sent and not mined after re-pricing; the sender keeps re-broadcasting it.', actions: [], ownerId: withdrawal.userId });
        }
      }
      if (chain) {
        const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 }).catch(() => undefined);
        if (head !== undefined) {
          const latest = head - BigInt(chain.depositConfirmations);
          const pending = await db
            .select()
            .from(deposits)
            .where(and(eq(deposits.chainId, chain.chainId), eq(deposits.status, 'pending'), sql`${deposits.blockNumber} < ${latest}`));
          for (const deposit of pending) {
            items.push({
              kind: 'deposit_uncredited',
              id: deposit.id,
              since: deposit.createdAt.toISOString(),
              detail: `Block ${deposit.blockNumber} has its confirmations but the deposit is not credited.`,
              actions: deps.creditDeposit && deposit.kind === 'transfer' ? ['credit_now'] : [],
              ownerId: deposit.userId,
            });
          }
        }
      }
      // A failed sweep is sent again by the sweeper's next pass: listed only while it is its address's latest sweep.
      const failedSweeps = await db
        .select()
        .from(sweeps)
        .where(and(inArray(sweeps.status, ['failed']), sql`NOT EXISTS (SELECT 1 FROM sweeps later WHERE later.chain_id = ${sweeps.chainId} AND later.address = ${sweeps.address} AND later.created_at > ${sweeps.createdAt})`));
      for (const sweep of failedSweeps) {
        items.push({ kind: 'sweep_failed', id: sweep.id, since: sweep.createdAt.toISOString(), detail: `Sweep of ${sweep.address} (${sweep.txHash}) failed; the ETH stays at the deposit address until the sweeper's next pass sends it again.`, actions: [], ownerId: null });
      }
      return withOwners(items);
    },

    /** Takes over the overdue games (all of them: the game service claims each under its lease). */
    async takeOverGames(staff: StaffContext, gameId: string): Promise<{ changed: boolean }> {
      const taken = await deps.takeOverGames();
      await appendAudit(db, { actor: staff.userId, role: staff.role, action: 'stuck.take_over_game', target: `game:${gameId}`, after: { gamesTakenOver: taken }, ip: staff.ip, at: clock() });
      return { changed: taken > 0 };
    },

    /**
     * "Credit now" for a deposit seen and not credited past its confirmations:
     * the deposit watcher checks it on the chain and credits it by its own path
     * (status guard and ledger key: once, whoever clicks how often), the audit
     * entry in the crediting transaction. Refusals are audited too.
     */
    async creditDeposit(staff: StaffContext, id: string): Promise<{ outcome: CreditNowOutcome | 'unavailable'; changed: boolean } | ({ found: true } & FourEyesRefused)> {
      const refusedAnswer = async (refused: FourEyesRefused['refused']) => {
        await auditRefusal(db, deps.logger, staff, { action: 'stuck.credit_deposit', target: `deposit:${id}`, refused, at: clock() });
        return { found: true as const, refused, action: 'creditDeposit' as const };
      };
      // Whose deposit it is never changes: refused before the chain is asked, and checked again in the crediting transaction.
      const [owner] = await db.select({ userId: deposits.userId }).from(deposits).where(eq(deposits.id, id));
      const refusedFirst = owner ? await fourEyesRefusal(db, staff, [owner.userId]) : undefined;
      if (refusedFirst) return refusedAnswer(refusedFirst);
      if (!deps.creditDeposit) return { outcome: 'unavailable', changed: false };
      let outcome: CreditNowOutcome | 'unavailable';
      try {
        outcome = await deps.creditDeposit(id, async (tx, deposit) => {
          const refused = await fourEyesRefusal(tx, staff, [deposit.userId]);
          if (refused) throw new FourEyesRefusedInTransaction(refused);
          await appendAudit(tx, {
            actor: staff.userId,
            role: staff.role,
            action: 'stuck.credit_deposit',
            target: `deposit:${id}`,
            before: { status: 'pending', txHash: deposit.txHash, block: deposit.blockNumber.toString() },
            after: { status: 'credited', amountWei: deposit.amount.toString(), userId: deposit.userId },
            ip: staff.ip,
            at: clock(),
          });
        });
      } catch (error) {
        if (error instanceof FourEyesRefusedInTransaction) return refusedAnswer(error.refused);
        // The watcher halted (wrong chain), or this node is not the chain leader (the fence): nothing credited.
        deps.logger.warn({ err: error, depositId: id }, 'Credit now refused by the deposit watcher');
        outcome = 'unavailable';
      }
      if (outcome !== 'credited' && outcome !== 'not_found') {
        await appendAudit(db, { actor: staff.userId, role: staff.role, action: 'stuck.credit_deposit.refused', target: `deposit:${id}`, after: { outcome }, ip: staff.ip, at: clock() });
      }
      if (outcome === 'credited') deps.logger.warn({ depositId: id, staff: staff.userId }, 'Deposit credited by staff (credit now)');
      return { outcome, changed: outcome === 'credited' };
    },

    /** Fails a withdrawal whose nonce another transaction used and refunds amount and fee; only when the chain proves it. */
    async failAndRefund(staff: StaffContext, id: string): Promise<{ found: boolean; changed: boolean } | ({ found: true } & FourEyesRefused)> {
      const refusedAnswer = async (refused: FourEyesRefused['refused']) => {
        await auditRefusal(db, deps.logger, staff, { action: 'stuck.fail_and_refund', target: `withdrawal:${id}`, refused, at: clock() });
        return { found: true as const, refused, action: 'failAndRefund' as const };
      };
      const [withdrawal] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
      if (!withdrawal) return { found: false, changed: false };
      const refusedFirst = await fourEyesRefusal(db, staff, [withdrawal.userId]);
      if (refusedFirst) return refusedAnswer(refusedFirst);
      if (withdrawal.status !== 'sent' || !(await nonceTaken(withdrawal, await minedNonceCountAtDepth()))) return { found: true, changed: false };
      const outcome = await db.transaction(async (tx) => {
        const row = await lockWithdrawal(tx, id);
        if (!row) return undefined;
        // Again under the row's lock, where the money moves.
        const refused = await fourEyesRefusal(tx, staff, [row.userId]);
        if (refused) return { refused };
        if (row.status !== 'sent') return undefined;
        const now = clock();
        const user = LedgerAccounts.user(row.userId);
        const moved = await transfer(tx, {
          idempotencyKey: `withdrawal-refund:${id}`,
          kind: 'withdrawal_refund',
          legs: [
            { from: LedgerAccounts.withdrawalsInFlight, to: user, amount: row.amount },
            ...(row.fee > 0n ? [{ from: LedgerAccounts.withdrawalFees, to: user, amount: row.fee }] : []),
          ],
          memo: { withdrawalId: id, reason: 'nonce_taken', fee: row.fee.toString() },
        });
        await tx.update(withdrawals).set({ status: 'failed', failureReason: NONCE_TAKEN_REASON, updatedAt: now }).where(eq(withdrawals.id, id));
        await tx.update(withdrawalAttempts).set({ status: 'replaced' }).where(and(eq(withdrawalAttempts.withdrawalId, id), inArray(withdrawalAttempts.status, ['signed', 'broadcast'])));
        await appendAudit(tx, { actor: staff.userId, role: staff.role, action: 'stuck.fail_and_refund', target: `withdrawal:${id}`, before: { status: 'sent', nonce: row.nonce }, after: { status: 'failed', refundedWei: (row.amount + row.fee).toString() }, ip: staff.ip, at: now });
        return { userId: row.userId, balance: moved.balances.get(user.code) };
      });
      if (!outcome) return { found: true, changed: false };
      if (outcome.refused) return refusedAnswer(outcome.refused);
      deps.logger.warn({ withdrawalId: id, staff: staff.userId }, 'Withdrawal whose nonce was taken: failed and refunded');
      if (outcome.balance !== undefined) deps.balanceEvents.balanceChanged(outcome.userId, outcome.balance);
      deps.balanceEvents.withdrawalSettled?.(outcome.userId, id, 'failed');
      return { found: true, changed: true };
    },
  };
}

export type Stuck = ReturnType<typeof createStuck>;
