/** The statement's queries (decision 039: SQL only in repositories). */
import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { games, ledgerAccounts, ledgerEntries, ledgerTransfers, withdrawals } from '../../infra/db/schema/index';

export async function ledgerAccountId(db: Executor, code: string): Promise<{ id: string } | undefined> {
  const [account] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  return account;
}

/** The account's entries in [from, to), oldest first, with their transfer's kind and memo. */
export async function entriesBetween(db: Executor, accountId: string, from: Date, to: Date) {
  return db
    .select({
      amount: ledgerEntries.amount,
      previousBalance: ledgerEntries.previousBalance,
      currentBalance: ledgerEntries.currentBalance,
      createdAt: ledgerEntries.createdAt,
      kind: ledgerTransfers.kind,
      memo: ledgerTransfers.memo,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(and(eq(ledgerEntries.accountId, accountId), gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to)))
    .orderBy(asc(ledgerEntries.id));
}

/** The account's balance after its last entry before `before`, or undefined without one. */
export async function balanceBefore(db: Executor, accountId: string, before: Date): Promise<bigint | undefined> {
  const [row] = await db
    .select({ balance: ledgerEntries.currentBalance })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, accountId), lt(ledgerEntries.createdAt, before)))
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  return row?.balance;
}

/** The ETH price (micro-USD) each of these games was played at. */
export async function gamePricesOf(db: Executor, gameIds: string[]) {
  if (gameIds.length === 0) return [];
  return db.select({ id: games.id, price: games.priceMicroUsd }).from(games).where(inArray(games.id, gameIds));
}

/** The transaction hash of each of these withdrawals. */
export async function withdrawalHashesOf(db: Executor, withdrawalIds: string[]) {
  if (withdrawalIds.length === 0) return [];
  return db
    .select({ id: withdrawals.id, txHash: withdrawals.txHash })
    .from(withdrawals)
    .where(inArray(withdrawals.id, withdrawalIds));
}
