/**
 * A withdrawal as the service records it — the debit to in-flight and the
 * queued row, in one transaction — for the tests whose chain workers then
 * send it (fault, outage, cluster and restore tests), without the request's
 * checks (limits, review, e-mail confirmation) that they do not test.
 */
import { randomUUID } from 'node:crypto';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEV_CHAIN_ID } from '../../src/infra/chain/hd-wallet';
import type { Database } from '../../src/infra/db/database';
import { withdrawals } from '../../src/infra/db/schema/index';
import { LedgerAccounts } from '../../src/modules/ledger/ledger-accounts';
import { transfer } from '../../src/modules/ledger/ledger.service';

export interface QueuedWithdrawal {
  id: string;
  /** A fresh address of nobody's: what it receives is this withdrawal's. */
  recipient: Address;
  amount: bigint;
}

export async function queueWithdrawal(db: Database, userId: string, amount: bigint): Promise<QueuedWithdrawal> {
  const recipient = privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as Address;
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const moved = await transfer(tx, {
      idempotencyKey: `withdrawal:${id}`,
      kind: 'withdrawal',
      legs: [{ from: LedgerAccounts.user(userId), to: LedgerAccounts.withdrawalsInFlight, amount }],
      memo: { withdrawalId: id, recipient },
    });
    await tx.insert(withdrawals).values({
      id,
      userId,
      chainId: DEV_CHAIN_ID,
      amount,
      recipientAddress: recipient,
      balanceAfter: moved.balances.get(LedgerAccounts.user(userId).code)!,
    });
  });
  return { id, recipient, amount };
}
