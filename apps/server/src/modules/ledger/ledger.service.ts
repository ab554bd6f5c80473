import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../infra/db/database';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../infra/db/schema/ledger';
import type { LedgerAccountRef } from './ledger-accounts';
import { planTransfer, type LedgerLeg } from './ledger-plan';

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

  const inserted = await tx
    .insert(ledgerTransfers)
    .values({ idempotencyKey: request.idempotencyKey, kind: request.kind, memo: request.memo ?? null })
    .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
    .returning({ id: ledgerTransfers.id });
  const transferRow = inserted[0];
  if (!transferRow) {
    const [existing] = await tx
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, request.idempotencyKey));
    return { transferId: existing!.id, replayed: true, balances: new Map() };
  }

  // Lock every account of the transfer in one fixed order (by code) so that
  // concurrent transfers never deadlock.
  const locked = await tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, codes))
    .orderBy(asc(ledgerAccounts.code))
    .for('update');
  const byCode = new Map(locked.map((row) => [row.code, row]));
  const plan = planTransfer(request.legs, new Map(locked.map((row) => [row.code, row.balance])));
  if (!plan.ok) {
    if (plan.reason === 'insufficient-funds') throw new InsufficientFundsError(plan.accountCode, plan.balance, plan.needed);
    throw new Error(`Invalid ledger transfer ${request.kind}: ${plan.message}`);
  }

  await tx.insert(ledgerEntries).values(
    plan.entries.map((entry) => ({
      transferId: transferRow.id,
      accountId: byCode.get(entry.account.code)!.id,
      amount: entry.amount,
      previousBalance: entry.previousBalance,
      currentBalance: entry.currentBalance,
    })),
  );
  const balances = new Map<string, bigint>();
  for (const entry of plan.entries) {
    await tx
      .update(ledgerAccounts)
      .set({ balance: entry.currentBalance, version: sql`${ledgerAccounts.version} + 1` })
      .where(and(eq(ledgerAccounts.code, entry.account.code), eq(ledgerAccounts.balance, entry.previousBalance)));
    balances.set(entry.account.code, entry.currentBalance);
  }
  return { transferId: transferRow.id, replayed: false, balances };
}

async function ensureAccounts(tx: DbExecutor, refs: readonly LedgerAccountRef[]): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(
      refs.map((ref) => ({ code: ref.code, kind: ref.kind, ownerId: ref.ownerId ?? null, allowNegative: ref.allowNegative ?? false })),
    )
    .onConflictDoNothing({ target: ledgerAccounts.code });
}

/** Current balance of one account (0 when it has never been used). */
export async function balanceOf(db: DbExecutor, account: LedgerAccountRef): Promise<bigint> {
  const [row] = await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.code, account.code));
  return row?.balance ?? 0n;
}
