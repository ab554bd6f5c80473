/**
 * The stuck-money list (issue 18): overdue games, withdrawals sent and not
 * mined or whose nonce another transaction took, deposits past their
 * confirmations and not credited, and failed sweeps — each with the actions
 * safe for it and its owner's staff role (for the four-eyes rules the
 * console shows). The actions are in stuck-actions.ts.
 */
import type { StaffRole } from '@shifumi/protocol';
import type { Executor } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { StuckChain, StuckChainChecks } from './stuck-chain';
import { rolesOf } from './staff.repo';
import * as repo from './stuck.repo';

export const STUCK_KINDS = [
  'game_overdue',
  'withdrawal_unmined',
  'withdrawal_nonce_taken',
  'deposit_uncredited',
  'sweep_failed',
] as const;
export type StuckKind = (typeof STUCK_KINDS)[number];
export type StuckAction = 'take_over' | 'fail_and_refund' | 'credit_now';

export interface StuckItem {
  kind: StuckKind;
  id: string;
  since: string;
  detail: string;
  actions: StuckAction[];
  /** Whose money it is (a withdrawal's or a deposit's owner) with their staff role; null for a game or a sweep. */
  owner: { userId: string; role: StaffRole | null } | null;
}

/** An item before its owner's role is read. */
type UnownedItem = Omit<StuckItem, 'owner'> & { ownerId: string | null };

export interface StuckListDeps {
  db: Executor;
  clock: Clock;
  withdrawalStuckMs: number;
  chain?: StuckChain;
  checks: StuckChainChecks;
  /** Whether "credit now" is offered (the deposit watcher runs). */
  canCreditDeposits: boolean;
}

const OVERDUE_MS = 60_000;

async function overdueGameItems(db: Executor, now: Date): Promise<UnownedItem[]> {
  const overdue = await repo.overdueGames(db, new Date(now.getTime() - OVERDUE_MS));
  return overdue.map((game) => ({
    kind: 'game_overdue',
    id: game.id,
    since: game.deadline!.toISOString(),
    detail: 'Past its deadline by more than a minute and not settled.',
    actions: ['take_over'],
    ownerId: null,
  }));
}

async function withdrawalItems(deps: StuckListDeps, now: Date): Promise<UnownedItem[]> {
  const items: UnownedItem[] = [];
  const sent = await repo.sentWithdrawals(deps.db);
  const countAtDepth = sent.length > 0 ? await deps.checks.minedNonceCountAtDepth().catch(() => undefined) : undefined;
  for (const withdrawal of sent) {
    const since = withdrawal.updatedAt.toISOString();
    if (await deps.checks.nonceTaken(withdrawal, countAtDepth)) {
      items.push({
        kind: 'withdrawal_nonce_taken',
        id: withdrawal.id,
        since,
        detail: `Nonce ${withdrawal.nonce} was used by another transaction.`,
        actions: ['fail_and_refund'],
        ownerId: withdrawal.userId,
      });
    } else if (withdrawal.updatedAt.getTime() < now.getTime() - deps.withdrawalStuckMs) {
      items.push({
        kind: 'withdrawal_unmined',
        id: withdrawal.id,
        since,
        detail: 'Sent and not mined after re-pricing; the sender keeps re-broadcasting it.',
        actions: [],
        ownerId: withdrawal.userId,
      });
    }
  }
  return items;
}

async function depositItems(deps: StuckListDeps): Promise<UnownedItem[]> {
  const { chain } = deps;
  if (!chain) return [];
  const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 }).catch(() => undefined);
  if (head === undefined) return [];
  const pending = await repo.uncreditedDeposits(deps.db, chain.chainId, head - BigInt(chain.depositConfirmations));
  return pending.map((deposit) => ({
    kind: 'deposit_uncredited',
    id: deposit.id,
    since: deposit.createdAt.toISOString(),
    detail: `Block ${deposit.blockNumber} has its confirmations but the deposit is not credited.`,
    actions: deps.canCreditDeposits && deposit.kind === 'transfer' ? ['credit_now'] : [],
    ownerId: deposit.userId,
  }));
}

/** A failed sweep is sent again by the sweeper's next pass: listed only while it is its address's latest sweep. */
async function failedSweepItems(db: Executor): Promise<UnownedItem[]> {
  const failedSweeps = await repo.latestFailedSweeps(db);
  return failedSweeps.map((sweep) => ({
    kind: 'sweep_failed',
    id: sweep.id,
    since: sweep.createdAt.toISOString(),
    detail: `Sweep of ${sweep.address} (${sweep.txHash}) failed; the ETH stays at the deposit address until the sweeper's next pass sends it again.`,
    actions: [],
    ownerId: null,
  }));
}

/** The items with their owner's staff role (for the four-eyes rules the console shows). */
async function withOwners(db: Executor, items: UnownedItem[]): Promise<StuckItem[]> {
  const ids = [...new Set(items.flatMap((item) => (item.ownerId === null ? [] : [item.ownerId])))];
  const roles = await rolesOf(db, ids);
  const roleOf = new Map(roles.map((row) => [row.userId, row.role]));
  return items.map(({ ownerId, ...item }) => ({
    ...item,
    owner: ownerId === null ? null : { userId: ownerId, role: roleOf.get(ownerId) ?? null },
  }));
}

/** The stuck list, in this order: games, withdrawals, deposits, sweeps. */
export async function listStuck(deps: StuckListDeps): Promise<StuckItem[]> {
  const now = deps.clock();
  const items = [
    ...(await overdueGameItems(deps.db, now)),
    ...(await withdrawalItems(deps, now)),
    ...(await depositItems(deps)),
    ...(await failedSweepItems(deps.db)),
  ];
  return withOwners(deps.db, items);
}
