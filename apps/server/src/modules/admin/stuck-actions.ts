/**
 * The actions of the stuck-money list (issue 18), each safe for the items it
 * is offered on: take over overdue games, credit a deposit now, fail and
 * refund a withdrawal whose nonce another transaction took. Every action acts
 * only from the state it was offered for (a second click changes nothing) and
 * is audited; the four-eyes rules (decision 029) are checked first, and again
 * in the transaction that moves the money.
 */
import type { Database } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { CreditNowOutcome, DepositWatcher } from '../deposits/deposit-watcher';
import type { BalanceEvents } from '../ledger/balance-events';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { transfer } from '../ledger/ledger.service';
import { withdrawalReturnLegs } from '../withdrawals/withdrawal-return';
import { lockWithdrawal } from '../withdrawals/withdrawals.repo';
import { appendStaffAudit } from './audit-log';
import { auditRefusal, fourEyesRefusal, type FourEyesRefused } from './four-eyes';
import type { StaffContext } from './staff-access';
import type { StuckChainChecks } from './stuck-chain';
import * as repo from './stuck.repo';

/** The refund reason stored on a withdrawal whose nonce another transaction used. */
export const NONCE_TAKEN_REASON =
  'Its nonce was used by another transaction from the hot wallet; the amount and fee were returned.';

export interface StuckActionsDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  balanceEvents: BalanceEvents;
  checks: StuckChainChecks;
  /** Takes over games nobody runs and applies their deadlines (the game service's resume). */
  takeOverGames: () => Promise<number>;
  /** The deposit watcher's "credit now" (checked on the chain, credited by its own path); absent without a chain. */
  creditDeposit?: DepositWatcher['creditNow'];
}

type RefusedAnswer<A extends FourEyesRefused['action']> = { found: true; refused: FourEyesRefused['refused']; action: A };

/** Thrown inside the crediting transaction when the four-eyes rules refuse it there (rolls the credit back). */
class FourEyesRefusedInTransaction extends Error {
  constructor(readonly refused: FourEyesRefused['refused']) {
    super('Refused by the four-eyes rules');
  }
}

/** Audits a four-eyes refusal (`<auditAction>.refused`) and answers it. */
async function refusedAnswer<A extends FourEyesRefused['action']>(
  deps: StuckActionsDeps,
  staff: StaffContext,
  audit: { action: string; target: string },
  action: A,
  refused: FourEyesRefused['refused'],
): Promise<RefusedAnswer<A>> {
  await auditRefusal(deps.db, deps.logger, staff, { ...audit, refused, at: deps.clock() });
  return { found: true, refused, action };
}

/** Takes over the overdue games (all of them: the game service claims each under its lease). */
export async function takeOverGames(deps: StuckActionsDeps, staff: StaffContext, gameId: string): Promise<{ changed: boolean }> {
  const taken = await deps.takeOverGames();
  await appendStaffAudit(deps.db, staff, {
    action: 'stuck.take_over_game',
    target: `game:${gameId}`,
    after: { gamesTakenOver: taken },
    at: deps.clock(),
  });
  return { changed: taken > 0 };
}

/**
 * "Credit now" for a deposit seen and not credited past its confirmations:
 * the deposit watcher checks it on the chain and credits it by its own path
 * (status guard and ledger key: once, whoever clicks how often), the audit
 * entry in the crediting transaction. Refusals are audited too.
 */
export async function creditDeposit(
  deps: StuckActionsDeps,
  staff: StaffContext,
  id: string,
): Promise<{ outcome: CreditNowOutcome | 'unavailable'; changed: boolean } | RefusedAnswer<'creditDeposit'>> {
  const { db, clock } = deps;
  const audit = { action: 'stuck.credit_deposit', target: `deposit:${id}` };
  // Whose deposit it is never changes: refused before the chain is asked, and checked again in the crediting transaction.
  const owner = await repo.depositOwner(db, id);
  const refusedFirst = owner ? await fourEyesRefusal(db, staff, [owner.userId]) : undefined;
  if (refusedFirst) return refusedAnswer(deps, staff, audit, 'creditDeposit', refusedFirst);
  if (!deps.creditDeposit) return { outcome: 'unavailable', changed: false };
  let outcome: CreditNowOutcome | 'unavailable';
  try {
    outcome = await deps.creditDeposit(id, async (tx, deposit) => {
      const refused = await fourEyesRefusal(tx, staff, [deposit.userId]);
      if (refused) throw new FourEyesRefusedInTransaction(refused);
      await appendStaffAudit(tx, staff, {
        ...audit,
        before: { status: 'pending', txHash: deposit.txHash, block: deposit.blockNumber.toString() },
        after: { status: 'credited', amountWei: deposit.amount.toString(), userId: deposit.userId },
        at: clock(),
      });
    });
  } catch (error) {
    if (error instanceof FourEyesRefusedInTransaction) return refusedAnswer(deps, staff, audit, 'creditDeposit', error.refused);
    // The watcher halted (wrong chain), or this node is not the chain leader (the fence): nothing credited.
    deps.logger.warn({ err: error, depositId: id }, 'Credit now refused by the deposit watcher');
    outcome = 'unavailable';
  }
  if (outcome !== 'credited' && outcome !== 'not_found') {
    await appendStaffAudit(db, staff, {
      action: `${audit.action}.refused`,
      target: audit.target,
      after: { outcome },
      at: clock(),
    });
  }
  if (outcome === 'credited') deps.logger.warn({ depositId: id, staff: staff.userId }, 'Deposit credited by staff (credit now)');
  return { outcome, changed: outcome === 'credited' };
}

/** Fails a withdrawal whose nonce another transaction used and refunds amount and fee; only when the chain proves it. */
export async function failAndRefund(
  deps: StuckActionsDeps,
  staff: StaffContext,
  id: string,
): Promise<{ found: boolean; changed: boolean } | RefusedAnswer<'failAndRefund'>> {
  const { db, clock, checks } = deps;
  const audit = { action: 'stuck.fail_and_refund', target: `withdrawal:${id}` };
  const withdrawal = await repo.withdrawalById(db, id);
  if (!withdrawal) return { found: false, changed: false };
  const refusedFirst = await fourEyesRefusal(db, staff, [withdrawal.userId]);
  if (refusedFirst) return refusedAnswer(deps, staff, audit, 'failAndRefund', refusedFirst);
  if (withdrawal.status !== 'sent' || !(await checks.nonceTaken(withdrawal, await checks.minedNonceCountAtDepth())))
    return { found: true, changed: false };
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
      legs: withdrawalReturnLegs(row.userId, row.amount, row.fee),
      memo: { withdrawalId: id, reason: 'nonce_taken', fee: row.fee.toString() },
    });
    await repo.markNonceTakenFailed(tx, id, NONCE_TAKEN_REASON, now);
    await appendStaffAudit(tx, staff, {
      ...audit,
      before: { status: 'sent', nonce: row.nonce },
      after: { status: 'failed', refundedWei: (row.amount + row.fee).toString() },
      at: now,
    });
    return { userId: row.userId, balance: moved.balances.get(user.code) };
  });
  if (!outcome) return { found: true, changed: false };
  if (outcome.refused) return refusedAnswer(deps, staff, audit, 'failAndRefund', outcome.refused);
  deps.logger.warn({ withdrawalId: id, staff: staff.userId }, 'Withdrawal whose nonce was taken: failed and refunded');
  if (outcome.balance !== undefined) deps.balanceEvents.balanceChanged(outcome.userId, outcome.balance);
  deps.balanceEvents.withdrawalSettled?.(outcome.userId, id, 'failed');
  return { found: true, changed: true };
}
