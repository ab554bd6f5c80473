/** Giving a withdrawal's money back (a rejection, a failure, a nonce another transaction took): one rule for the legs. */
import { LedgerAccounts } from '../ledger/ledger-accounts';
import type { LedgerLeg } from '../ledger/ledger-plan';

/** The legs that give a withdrawal's amount back to its owner, and `fee` too when it is above 0 (no gas was paid). */
export function withdrawalReturnLegs(userId: string, amount: bigint, fee: bigint): LedgerLeg[] {
  const user = LedgerAccounts.user(userId);
  return [
    { from: LedgerAccounts.withdrawalsInFlight, to: user, amount },
    ...(fee > 0n ? [{ from: LedgerAccounts.withdrawalFees, to: user, amount: fee }] : []),
  ];
}
