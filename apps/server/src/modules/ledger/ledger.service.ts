import type { DbExecutor } from '../../infra/db/database';
import type { LedgerAccountRef } from './ledger-accounts';
import { planTransfer, type LedgerLeg } from './ledger-plan';
import { balanceOf, ensureAccounts, insertTransfer, lockAccounts, transferIdOf, writeEntries } from './ledger.repo';

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

/**
 * Moves wei between ledger accounts. Must run inside a database transaction
 * (`db.transaction(tx => ledger.transfer(tx, …))`) so that the transfer and
 * whatever business record goes with it commit or roll back together.
 */
export async function transfer(tx: DbExecutor, request: TransferRequest): Promise<TransferResult> {
  const refs = new Map<string, LedgerAccountRef>();
  for (const leg of request.legs) {
    refs.set(leg.from.code, leg.from);
    refs.set(leg.to.code, leg.to);
  }
  const codes = [...refs.keys()].sort();
  await ensureAccounts(tx, codes.map((code) => refs.get(code)!));

  const transferId = await insertTransfer(tx, { idempotencyKey: request.idempotencyKey, kind: request.kind, memo: request.memo ?? null });
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
