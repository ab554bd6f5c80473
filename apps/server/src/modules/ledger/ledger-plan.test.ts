import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LedgerAccounts } from './ledger-accounts';
import { planTransfer } from './ledger-plan';

const alice = LedgerAccounts.user('alice');
const bob = LedgerAccounts.user('bob');

describe('planTransfer', () => {
  it('moves wei and keeps every entry balanced', () => {
    const plan = planTransfer([{ from: alice, to: bob, amount: 5n }], new Map([[alice.code, 7n]]));
    expect(plan).toEqual({
      ok: true,
      entries: [
        { account: alice, amount: -5n, previousBalance: 7n, currentBalance: 2n },
        { account: bob, amount: 5n, previousBalance: 0n, currentBalance: 5n },
      ],
    });
  });

  it('refuses to overdraw a user but lets the deposits account go negative', () => {
    expect(planTransfer([{ from: alice, to: bob, amount: 8n }], new Map([[alice.code, 7n]]))).toMatchObject({
      ok: false,
      reason: 'insufficient-funds',
      accountCode: alice.code,
    });
    expect(planTransfer([{ from: LedgerAccounts.deposits, to: alice, amount: 8n }], new Map())).toMatchObject({ ok: true });
  });

  it('refuses zero, negative and self legs', () => {
    expect(planTransfer([{ from: alice, to: bob, amount: 0n }], new Map()).ok).toBe(false);
    expect(planTransfer([{ from: alice, to: bob, amount: -1n }], new Map()).ok).toBe(false);
    expect(planTransfer([{ from: alice, to: alice, amount: 1n }], new Map()).ok).toBe(false);
    expect(planTransfer([], new Map()).ok).toBe(false);
  });

  it('always sums to zero and never leaves a non-negative account below zero', () => {
    const names = ['a', 'b', 'c', 'd'];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            from: fc.constantFrom(...names),
            to: fc.constantFrom(...names),
            amount: fc.bigInt({ min: 1n, max: 10n ** 24n }),
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 24n }), { minLength: 4, maxLength: 4 }),
        (rawLegs, startBalances) => {
          const legs = rawLegs
            .filter((leg) => leg.from !== leg.to)
            .map((leg) => ({ from: LedgerAccounts.user(leg.from), to: LedgerAccounts.user(leg.to), amount: leg.amount }));
          const balances = new Map(names.map((name, index) => [LedgerAccounts.user(name).code, startBalances[index]!]));
          const plan = planTransfer(legs, balances);
          if (!plan.ok) return;
          expect(plan.entries.reduce((sum, entry) => sum + entry.amount, 0n)).toBe(0n);
          for (const entry of plan.entries) {
            expect(entry.currentBalance).toBe(entry.previousBalance + entry.amount);
            expect(entry.currentBalance >= 0n).toBe(true);
          }
        },
      ),
    );
  });
});
