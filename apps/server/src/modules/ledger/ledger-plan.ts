import type { LedgerAccountRef } from './ledger-accounts';

/** One movement of `amount` wei from one account to another. */
export interface LedgerLeg {
  from: LedgerAccountRef;
  to: LedgerAccountRef;
  amount: bigint;
}

export interface PlannedEntry {
  account: LedgerAccountRef;
  amount: bigint;
  previousBalance: bigint;
  currentBalance: bigint;
}

export type LedgerPlan =
  | { ok: true; entries: PlannedEntry[] }
  | { ok: false; reason: 'insufficient-funds'; accountCode: string; balance: bigint; needed: bigint }
  | { ok: false; reason: 'invalid'; message: string };

/** What a transfer does to one account: its legs netted (never zero). */
export interface NetMove {
  account: LedgerAccountRef;
  amount: bigint;
}

/**
 * Pure: the legs netted per account, sorted by account code (the lock order),
 * accounts netting to zero left out; or why the legs are not a transfer (no
 * leg, a leg of zero or less, a leg from an account to itself, legs that
 * cancel out). The moves sum to zero.
 */
export function netLegs(legs: readonly LedgerLeg[]): { ok: true; moves: NetMove[] } | { ok: false; message: string } {
  if (legs.length === 0) return { ok: false, message: 'A transfer needs at least one leg.' };
  const net = new Map<string, NetMove>();
  for (const leg of legs) {
    if (leg.amount <= 0n) return { ok: false, message: 'Every leg moves a positive amount.' };
    if (leg.from.code === leg.to.code) return { ok: false, message: 'A leg needs two different accounts.' };
    for (const [account, delta] of [
      [leg.from, -leg.amount],
      [leg.to, leg.amount],
    ] as const) {
      const current = net.get(account.code);
      net.set(account.code, { account, amount: (current?.amount ?? 0n) + delta });
    }
  }
  const moves = [...net.keys()]
    .sort()
    .map((code) => net.get(code)!)
    .filter((move) => move.amount !== 0n);
  if (moves.length === 0) return { ok: false, message: 'The legs cancel out.' };
  return { ok: true, moves };
}

/**
 * Pure planning of a transfer: nets the legs per account, applies them to the
 * current balances and refuses a negative result where it is not allowed.
 * Entries come out sorted by account code (the lock order).
 */
export function planTransfer(legs: readonly LedgerLeg[], balances: ReadonlyMap<string, bigint>): LedgerPlan {
  const netted = netLegs(legs);
  if (!netted.ok) return { ok: false, reason: 'invalid', message: netted.message };
  const entries: PlannedEntry[] = [];
  for (const { account, amount } of netted.moves) {
    const previousBalance = balances.get(account.code) ?? 0n;
    const currentBalance = previousBalance + amount;
    if (currentBalance < 0n && !account.allowNegative) {
      return { ok: false, reason: 'insufficient-funds', accountCode: account.code, balance: previousBalance, needed: -amount };
    }
    entries.push({ account, amount, previousBalance, currentBalance });
  }
  return { ok: true, entries };
}
