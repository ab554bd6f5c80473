import type { DbExecutor } from '../../infra/db/database';
import * as repo from './ledger-check.repo';

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

  const total = await repo.sumOfAllEntries(db);
  if (BigInt(total) !== 0n) problems.push(`entries sum to ${total} wei, not 0`);

  for (const row of await repo.unbalancedTransfers(db)) problems.push(`transfer ${row.transfer_id} sums to ${row.total} wei`);
  for (const row of await repo.transfersWithoutEntries(db)) problems.push(`transfer ${row.id} has no entries`);
  for (const row of await repo.driftingAccounts(db))
    problems.push(`account ${row.code} stores ${row.balance} wei but its entries sum to ${row.total}`);
  for (const row of await repo.brokenChains(db))
    problems.push(`entry ${row.id} of ${row.code} does not continue the previous balance`);
  for (const row of await repo.forbiddenNegativeAccounts(db))
    problems.push(`account ${row.code} is negative: ${row.balance} wei`);

  // Issue 12: the gas the hot wallet paid for fee-charging withdrawals (re-pricing included: only the
  // mined attempt pays) never exceeds the fees they were charged and kept, in total and one by one.
  const { gasPaid, feeIncome } = await repo.withdrawalGasAndFees(db);
  if (gasPaid > feeIncome) problems.push(`withdrawals paid ${gasPaid} wei of gas but were charged only ${feeIncome} wei of fees`);
  for (const row of await repo.overspentWithdrawals(db))
    problems.push(`withdrawal ${row.id} paid ${row.gas_paid} wei of gas for a ${row.fee} wei fee`);

  const liabilities = await repo.liabilitiesTotal(db);

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
