/** The overview's queries and the ledger check runs (decision 039: SQL only in repositories). */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { ledgerAccounts, ledgerCheckRuns, withdrawals } from '../../infra/db/schema/index';
import { LedgerAccounts, LIABILITY_KINDS } from '../ledger/ledger-accounts';

export async function insertLedgerCheckRun(
  db: Executor,
  run: { at: Date; ok: boolean; problems: string[]; liabilities: bigint; holdings: bigint | null; ranBy: string },
): Promise<void> {
  await db.insert(ledgerCheckRuns).values(run);
}

/** The sum of the liability accounts' balances, in wei. */
export async function liabilitiesWei(db: Executor): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`COALESCE(SUM(${ledgerAccounts.balance}), 0)::text` })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.kind, [...LIABILITY_KINDS]));
  return BigInt(row?.total ?? '0');
}

/** The withdrawal fee income account's balance, in wei. */
export async function feeIncomeWei(db: Executor): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, LedgerAccounts.withdrawalFees.code));
  return row?.balance ?? 0n;
}

export async function lastLedgerCheckRun(db: Executor): Promise<{ ok: boolean; at: Date } | undefined> {
  const [row] = await db
    .select({ ok: ledgerCheckRuns.ok, at: ledgerCheckRuns.at })
    .from(ledgerCheckRuns)
    .orderBy(desc(ledgerCheckRuns.id))
    .limit(1);
  return row;
}

export async function countWithdrawalsInReview(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(eq(withdrawals.status, 'review'));
  return row?.count ?? 0;
}
