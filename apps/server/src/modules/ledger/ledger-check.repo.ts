/**
 * The ledger check's queries (decision 039: SQL only in repositories). Each
 * returns what it finds, at most 20 rows for the lists; `ledger-check.ts`
 * turns the findings into the report's sentences.
 */
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../infra/db/database';
import { LedgerAccounts, LIABILITY_KINDS } from './ledger-accounts';

/** The sum of every ledger entry, in wei (text). */
export async function sumOfAllEntries(db: DbExecutor): Promise<string> {
  const total = await db.execute<{ total: string }>(sql`SELECT COALESCE(SUM(amount), 0)::text AS total FROM ledger_entries`);
  return total.rows[0]!.total;
}

export async function unbalancedTransfers(db: DbExecutor): Promise<{ transfer_id: string; total: string }[]> {
  const unbalanced = await db.execute<{ transfer_id: string; total: string }>(sql`
    SELECT transfer_id, SUM(amount)::text AS total FROM ledger_entries GROUP BY transfer_id HAVING SUM(amount) <> 0 LIMIT 20`);
  return unbalanced.rows;
}

export async function transfersWithoutEntries(db: DbExecutor): Promise<{ id: string }[]> {
  const empty = await db.execute<{ id: string }>(sql`
    SELECT t.id FROM ledger_transfers t WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transfer_id = t.id) LIMIT 20`);
  return empty.rows;
}

/** Accounts whose stored balance is not the sum of their entries. */
export async function driftingAccounts(db: DbExecutor): Promise<{ code: string; balance: string; total: string }[]> {
  const drift = await db.execute<{ code: string; balance: string; total: string }>(sql`
    SELECT a.code, a.balance::text AS balance, COALESCE(SUM(e.amount), 0)::text AS total
    FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    GROUP BY a.id, a.code, a.balance
    HAVING a.balance <> COALESCE(SUM(e.amount), 0) LIMIT 20`);
  return drift.rows;
}

/** Entries whose previous balance is not the current balance of the account's entry before them. */
export async function brokenChains(db: DbExecutor): Promise<{ code: string; id: string }[]> {
  const broken = await db.execute<{ code: string; id: string }>(sql`
    SELECT a.code, x.id::text AS id FROM (
      SELECT e.id, e.account_id, e.previous_balance,
             LAG(e.current_balance, 1, 0::numeric) OVER (PARTITION BY e.account_id ORDER BY e.id) AS expected
      FROM ledger_entries e
    ) x JOIN ledger_accounts a ON a.id = x.account_id
    WHERE x.previous_balance <> x.expected LIMIT 20`);
  return broken.rows;
}

export async function forbiddenNegativeAccounts(db: DbExecutor): Promise<{ code: string; balance: string }[]> {
  const negative = await db.execute<{ code: string; balance: string }>(sql`
    SELECT code, balance::text AS balance FROM ledger_accounts WHERE NOT allow_negative AND balance < 0 LIMIT 20`);
  return negative.rows;
}

/** The gas paid by fee-charging withdrawals and the withdrawal fee income, in wei. */
export async function withdrawalGasAndFees(db: DbExecutor): Promise<{ gasPaid: bigint; feeIncome: bigint }> {
  const fees = await db.execute<{ gas: string; income: string }>(sql`
    SELECT COALESCE((SELECT SUM(gas_paid) FROM withdrawals WHERE max_fee_per_gas IS NOT NULL), 0)::text AS gas,
           COALESCE((SELECT balance FROM ledger_accounts WHERE code = ${LedgerAccounts.withdrawalFees.code}), 0)::text AS income`);
  return { gasPaid: BigInt(fees.rows[0]!.gas), feeIncome: BigInt(fees.rows[0]!.income) };
}

/** Fee-charging withdrawals that paid more gas than their fee. */
export async function overspentWithdrawals(db: DbExecutor): Promise<{ id: string; gas_paid: string; fee: string }[]> {
  const overspent = await db.execute<{ id: string; gas_paid: string; fee: string }>(sql`
    SELECT id::text AS id, gas_paid::text AS gas_paid, fee::text AS fee FROM withdrawals
    WHERE max_fee_per_gas IS NOT NULL AND gas_paid > fee LIMIT 20`);
  return overspent.rows;
}

/** The sum of the liability accounts' balances (what is owed to players), in wei. */
export async function liabilitiesTotal(db: DbExecutor): Promise<bigint> {
  const kinds = sql.join(
    LIABILITY_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const owed = await db.execute<{ total: string }>(
    sql`SELECT COALESCE(SUM(balance), 0)::text AS total FROM ledger_accounts WHERE kind IN (${kinds})`,
  );
  return BigInt(owed.rows[0]!.total);
}

/** For the coverage rule: the deposit addresses of a chain, and what its broadcast withdrawals carry (wei). */
export async function depositAddressesAndInFlight(
  db: DbExecutor,
  chainId: number,
): Promise<{ addresses: string[]; inFlight: bigint }> {
  const addresses = await db.execute<{ address: string }>(sql`SELECT DISTINCT address FROM deposits WHERE chain_id = ${chainId}`);
  const inFlight = await db.execute<{ total: string }>(
    sql`SELECT COALESCE(SUM(amount), 0)::text AS total FROM withdrawals WHERE chain_id = ${chainId} AND status = 'sent'`,
  );
  return { addresses: addresses.rows.map((row) => row.address), inFlight: BigInt(inFlight.rows[0]!.total) };
}
