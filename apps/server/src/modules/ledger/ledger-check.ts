import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../infra/db/database';
import { LedgerAccounts, LIABILITY_KINDS } from './ledger-accounts';

export interface LedgerCheckReport {
  ok: boolean;
  problems: string[];
  /** Sum of user, escrow and in-flight withdrawal balances, in wei. */
  liabilities: bigint;
  /** On-chain holdings when a chain was given, in wei. */
  holdings?: bigint;
  /** Gas the hot wallet paid for withdrawals charged a fee, in wei (issue 12). */
  withdrawalGasPaid: bigint;
  /** The fees those withdrawals were charged and kept (the withdrawal fee income), in wei. */
  withdrawalFeeIncome: bigint;
}

/**
 * Proves the ledger's invariants: all entries sum to zero, every transfer
 * sums to zero and has entries, every stored balance equals the sum of its
 * entries, each account's entries chain (previous = last current), no
 * forbidden negative balance, withdrawals' gas within their fees — and, when `holdings` is given, that on-chain
 * holdings cover what is owed to players.
 */
export async function checkLedger(db: DbExecutor, holdings?: () => Promise<bigint>): Promise<LedgerCheckReport> {
  const problems: string[] = [];

  const total = await db.execute<{ total: string }>(sql`SELECT COALESCE(SUM(amount), 0)::text AS total FROM ledger_entries`);
  if (BigInt(total.rows[0]!.total) !== 0n) problems.push(`entries sum to ${total.rows[0]!.total} wei, not 0`);

  const unbalanced = await db.execute<{ transfer_id: string; total: string }>(sql`
    SELECT transfer_id, SUM(amount)::text AS total FROM ledger_entries GROUP BY transfer_id HAVING SUM(amount) <> 0 LIMIT 20`);
  for (const row of unbalanced.rows) problems.push(`transfer ${row.transfer_id} sums to ${row.total} wei`);

  const empty = await db.execute<{ id: string }>(sql`
    SELECT t.id FROM ledger_transfers t WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transfer_id = t.id) LIMIT 20`);
  for (const row of empty.rows) problems.push(`transfer ${row.id} has no entries`);

  const drift = await db.execute<{ code: string; balance: string; total: string }>(sql`
    SELECT a.code, a.balance::text AS balance, COALESCE(SUM(e.amount), 0)::text AS total
    FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    GROUP BY a.id, a.code, a.balance
    HAVING a.balance <> COALESCE(SUM(e.amount), 0) LIMIT 20`);
  for (const row of drift.rows) problems.push(`account ${row.code} stores ${row.balance} wei but its entries sum to ${row.total}`);

  const broken = await db.execute<{ code: string; id: string }>(sql`
    SELECT a.code, x.id::text AS id FROM (
      SELECT e.id, e.account_id, e.previous_balance,
             LAG(e.current_balance, 1, 0::numeric) OVER (PARTITION BY e.account_id ORDER BY e.id) AS expected
      FROM ledger_entries e
    ) x JOIN ledger_accounts a ON a.id = x.account_id
    WHERE x.previous_balance <> x.expected LIMIT 20`);
  for (const row of broken.rows) problems.push(`entry ${row.id} of ${row.code} does not continue the previous balance`);

  const negative = await db.execute<{ code: string; balance: string }>(sql`
    SELECT code, balance::text AS balance FROM ledger_accounts WHERE NOT allow_negative AND balance < 0 LIMIT 20`);
  for (const row of negative.rows) problems.push(`account ${row.code} is negative: ${row.balance} wei`);

  // Issue 12: the gas the hot wallet paid for fee-charging withdrawals (re-pricing included: only the
  // mined attempt pays) never exceeds the fees they were charged and kept, in total and one by one.
  const fees = await db.execute<{ gas: string; income: string }>(sql`
    SELECT COALESCE((SELECT SUM(gas_paid) FROM withdrawals WHERE max_fee_per_gas IS NOT NULL), 0)::text AS gas,
           COALESCE((SELECT balance FROM ledger_accounts WHERE code = ${LedgerAccounts.withdrawalFees.code}), 0)::text AS income`);
  const gasPaid = BigInt(fees.rows[0]!.gas);
  const feeIncome = BigInt(fees.rows[0]!.income);
  if (gasPaid > feeIncome) problems.push(`withdrawals paid ${gasPaid} wei of gas but were charged only ${feeIncome} wei of fees`);
  const overspent = await db.execute<{ id: string; gas_paid: string; fee: string }>(sql`
    SELECT id::text AS id, gas_paid::text AS gas_paid, fee::text AS fee FROM withdrawals
    WHERE max_fee_per_gas IS NOT NULL AND gas_paid > fee LIMIT 20`);
  for (const row of overspent.rows) problems.push(`withdrawal ${row.id} paid ${row.gas_paid} wei of gas for a ${row.fee} wei fee`);

  const kinds = sql.join(
    LIABILITY_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const owed = await db.execute<{ total: string }>(
    sql`SELECT COALESCE(SUM(balance), 0)::text AS total FROM ledger_accounts WHERE kind IN (${kinds})`,
  );
  const liabilities = BigInt(owed.rows[0]!.total);

  let held: bigint | undefined;
  if (holdings) {
    held = await holdings();
    if (held < liabilities) problems.push(`on-chain holdings ${held} wei do not cover the ${liabilities} wei owed to players`);
  }
  return {
    ok: problems.length === 0,
    problems,
    liabilities,
    withdrawalGasPaid: gasPaid,
    withdrawalFeeIncome: feeIncome,
    ...(held === undefined ? {} : { holdings: held }),
  };
}
