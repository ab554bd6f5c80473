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

/**
 * Pure planning of a transfer: nets the legs per account, applies them to the
 * current balances and refuses a negative result where it is not allowed.
 * Entries come out sorted by account code (the lock order).
 */
export function planTransfer(legs: readonly LedgerLeg[], balances: ReadonlyMap<string, bigint>): LedgerPlan {
  if (legs.length === 0) return { ok: false, reason: 'invalid', message: 'A transfer needs at least one leg.' };
  const net = new Map<string, { account: LedgerAccountRef; amount: bigint }>();
  for (const leg of legs) {
    if (leg.amount <= 0n) return { ok: false, reason: 'invalid', message: 'Every leg moves a positive amount.' };
    if (leg.from.code === leg.to.code) return { ok: false, reason: 'invalid', message: 'A leg needs two different accounts.' };
    for (const [account, delta] of [
      [leg.from, -leg.amount],
      [leg.to, leg.amount],
    ] as const) {
      const current = net.get(account.code);
      net.set(account.code, { account, amount: (current?.amount ?? 0n) + delta });
    }
  }
  const entries: PlannedEntry[] = [];
  for (const code of [...net.keys()].sort()) {
    const { account, amount } = net.get(code)!;
    if (amount === 0n) continue;
    const previousBalance = balances.get(code) ?? 0n;
    const currentBalance = previousBalance + amount;
    if (currentBalance < 0n && !account.allowNegative) {
      return { ok: false, reason: 'insufficient-funds', accountCode: code, balance: previousBalance, needed: -amount };
    }
    entries.push({ account, amount, previousBalance, currentBalance });
  }
  if (entries.length === 0) return { ok: false, reason: 'invalid', message: 'The legs cancel out.' };
  return { ok: true, entries };
}
