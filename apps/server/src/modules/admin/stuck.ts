/**
 * Issue 18: money that needs a human, in one list, each item with the
 * actions that are safe for it:
 *
 * - games past their deadline by more than a minute and not settled →
 *   `take_over`: this node takes over games nobody runs and applies what fell
 *   due (the rules settle them; settlement has its own idempotency key);
 * - withdrawals sent and not mined past WITHDRAWAL_STUCK_MS (the sender
 *   re-prices them on its own: listed for a human to watch);
 * - withdrawals whose nonce another transaction used → `fail_and_refund`,
 *   only once the chain's nonce count at the required depth is past it and
 *   none of the withdrawal's own transactions has a receipt;
 * - deposits seen on chain and not credited after their confirmations →
 *   `credit_now`: the deposit watcher checks the transaction on the chain
 *   (mined, successful, in the recorded block, to the address, for the
 *   amount, with its confirmations) and credits it by its own path;
 * - sweeps that failed: no action — the sweeper sends a new sweep for the
 *   address on its next pass (decision 026); listed while the address's
 *   latest sweep is the failed one.
 *
 * Every action locks its row, acts only from the state it was offered for
 * (a second click changes nothing) and is audited.
 *
 * Issue 23 (decision 029): nobody refunds their own withdrawal or credits a
 * deposit to themselves, and a staff account's money is acted on by an admin
 * only — checked first (refused whatever the chain says) and again inside the
 * transaction that moves the money.
 */
import type { Database } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { DepositWatcher } from '../deposits/deposit-watcher';
import type { BalanceEvents } from '../ledger/balance-events';
import type { StaffContext } from './staff-access';
import { creditDeposit, failAndRefund, takeOverGames, type StuckActionsDeps } from './stuck-actions';
import { stuckChainChecks, type StuckChain } from './stuck-chain';
import { listStuck } from './stuck-list';

export { NONCE_TAKEN_REASON } from './stuck-actions';
export { STUCK_KINDS, type StuckAction, type StuckItem, type StuckKind } from './stuck-list';

export interface StuckDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  balanceEvents: BalanceEvents;
  withdrawalStuckMs: number;
  /** Takes over games nobody runs and applies their deadlines (the game service's resume). */
  takeOverGames: () => Promise<number>;
  chain?: StuckChain;
  /** The deposit watcher's "credit now" (checked on the chain, credited by its own path); absent without a chain. */
  creditDeposit?: DepositWatcher['creditNow'];
}

/** The list (stuck-list.ts) and its actions (stuck-actions.ts), on the same chain checks (stuck-chain.ts). */
export function createStuck(deps: StuckDeps) {
  const checks = stuckChainChecks(deps.db, deps.chain);
  const actions: StuckActionsDeps = { ...deps, checks };
  return {
    list: () =>
      listStuck({
        db: deps.db,
        clock: deps.clock,
        withdrawalStuckMs: deps.withdrawalStuckMs,
        checks,
        canCreditDeposits: deps.creditDeposit !== undefined,
        ...(deps.chain ? { chain: deps.chain } : {}),
      }),
    takeOverGames: (staff: StaffContext, gameId: string) => takeOverGames(actions, staff, gameId),
    creditDeposit: (staff: StaffContext, id: string) => creditDeposit(actions, staff, id),
    failAndRefund: (staff: StaffContext, id: string) => failAndRefund(actions, staff, id),
  };
}

export type Stuck = ReturnType<typeof createStuck>;
