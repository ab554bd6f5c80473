import type { DbExecutor } from '../../infra/db/database';
import type { LedgerAccountRef } from './ledger-accounts';
import { netLegs, planTransfer, type LedgerLeg, type NetMove } from './ledger-plan';
import { balanceOf, ensureAccounts, insertTransfer, lockAccounts, transferIdOf, writeEntries } from './ledger.repo';
import { overdraftOf, runTransferStatement, transferStatement, type TransferRow } from './ledger-transfer.repo';
import type { HotStatement } from '../../infra/db/hot-statement';

export interface TransferRequest {
  /** Unique per business event (e.g. `deposit:<chain>:<tx>:<address>`); a replay changes nothing. */
  idempotencyKey: string;
  kind: string;
  legs: readonly LedgerLeg[];
  memo?: Record<string, string | number | boolean | null>;
}

export interface TransferResult {
  transferId: string;
  /** True when the idempotency key had already been used: nothing moved this time. */
  replayed: boolean;
  /** Balances after the transfer, by account code (empty on a replay). */
  balances: Map<string, bigint>;
}

/** The expected refusal: an account that may not go negative would. */
export class InsufficientFundsError extends Error {
  constructor(
    readonly accountCode: string,
    readonly balance: bigint,
    readonly needed: bigint,
  ) {
    super(`Insufficient funds on ${accountCode}`);
    this.name = 'InsufficientFundsError';
  }
}

const TRANSFER = transferStatement('ledger_transfer_v1');

/** The legs netted per account, or the error an invalid transfer throws. */
export function movesOf(request: TransferRequest): NetMove[] {
  const netted = netLegs(request.legs);
  if (!netted.ok) throw new Error(`Invalid ledger transfer ${request.kind}: ${netted.message}`);
  return netted.moves;
}

/**
 * Runs a statement of `transferStatement` (ledger-transfer.repo.ts) for `request`: the overdraft it raises comes
 * out as `InsufficientFundsError`. The caller handles `unseen` (`transferStepByStep`) and `not-created`.
 */
export async function transferInOneStatement(
  executor: DbExecutor,
  statement: HotStatement,
  request: TransferRequest,
  more: readonly unknown[] = [],
): Promise<TransferRow> {
  try {
    return await runTransferStatement(
      executor,
      statement,
      { idempotencyKey: request.idempotencyKey, kind: request.kind, memo: request.memo ?? null, moves: movesOf(request) },
      more,
    );
  } catch (error) {
    const overdraft = overdraftOf(error);
    if (overdraft) throw new InsufficientFundsError(overdraft.code, overdraft.balance, overdraft.needed);
    throw error;
  }
}

/**
 * Moves wei between ledger accounts. Must run inside a database transaction
 * (`db.transaction(tx => ledger.transfer(tx, …))`) so that the transfer and
 * whatever business record goes with it commit or roll back together. One
 * statement (decision 060); the statement-by-statement path when an account to
 * debit is not visible to it. An `InsufficientFundsError` leaves the
 * transaction to be rolled back.
 */
export async function transfer(tx: DbExecutor, request: TransferRequest): Promise<TransferResult> {
  const done = await transferInOneStatement(tx, TRANSFER, request);
  if (done.outcome === 'unseen') return transferStepByStep(tx, request);
  if (done.outcome === 'not-created')
    return {
      transferId: done.transferId ?? (await transferIdOf(tx, request.idempotencyKey))!,
      replayed: true,
      balances: new Map(),
    };
  return { transferId: done.transferId!, replayed: false, balances: done.balances };
}

/** The transfer statement by statement: accounts created, the transfer row, the accounts locked, the entries and balances. */
export async function transferStepByStep(tx: DbExecutor, request: TransferRequest): Promise<TransferResult> {
  const refs = new Map<string, LedgerAccountRef>();
  for (const leg of request.legs) {
    refs.set(leg.from.code, leg.from);
    refs.set(leg.to.code, leg.to);
  }
  const codes = [...refs.keys()].sort();
  await ensureAccounts(
    tx,
    codes.map((code) => refs.get(code)!),
  );

  const transferId = await insertTransfer(tx, {
    idempotencyKey: request.idempotencyKey,
    kind: request.kind,
    memo: request.memo ?? null,
  });
  if (!transferId) {
    const existing = await transferIdOf(tx, request.idempotencyKey);
    return { transferId: existing!, replayed: true, balances: new Map() };
  }

  // Lock every account of the transfer in one fixed order (by code) so that
  // concurrent transfers never deadlock.
  const locked = await lockAccounts(tx, codes);
  const byCode = new Map(locked.map((row) => [row.code, row]));
  const plan = planTransfer(request.legs, new Map(locked.map((row) => [row.code, row.balance])));
  if (!plan.ok) {
    if (plan.reason === 'insufficient-funds') throw new InsufficientFundsError(plan.accountCode, plan.balance, plan.needed);
    throw new Error(`Invalid ledger transfer ${request.kind}: ${plan.message}`);
  }

  await writeEntries(
    tx,
    plan.entries.map((entry) => ({
      transferId,
      accountId: byCode.get(entry.account.code)!.id,
      code: entry.account.code,
      amount: entry.amount,
      previousBalance: entry.previousBalance,
      currentBalance: entry.currentBalance,
    })),
  );
  // An account with several entries (legs) moves through each of them; its balance after the transfer is its last.
  const balances = new Map<string, bigint>();
  for (const entry of plan.entries) balances.set(entry.account.code, entry.currentBalance);
  return { transferId, replayed: false, balances };
}

/** Current balance of one account (0 when it has never been used). */
export { balanceOf };
