/**
 * What the money modules need from the transport: tell a user's open sockets
 * (every tab, every node) that their balance changed — deposit credited,
 * stake escrowed, payout, refund, withdrawal. Declared here, implemented in
 * realtime/balance-events.ts: no module imports the transport.
 */
import type { DepositUpdateEvent } from '@shifumi/protocol';

export interface BalanceEvents {
  balanceChanged(userId: string, balanceWei: bigint): void;
  /** Issue 14: a withdrawal was confirmed on chain or failed (after its transaction committed). */
  withdrawalSettled?(userId: string, withdrawalId: string, status: 'confirmed' | 'failed'): void;
  /** Issue 26: staff decided a withdrawal in review — approved (on its way) or rejected with a reason (after its transaction committed). */
  withdrawalReviewed?(
    userId: string,
    withdrawalId: string,
    outcome: { status: 'approved' } | { status: 'rejected'; reason: string },
  ): void;
  /** Issue 14: a deposit seen on chain got a new confirmation, or was credited (after its transaction committed). */
  depositProgress?(userId: string, update: DepositUpdateEvent): void;
}

/** For services built without sockets (scripts, unit tests). */
export const noBalanceEvents: BalanceEvents = { balanceChanged() {} };
