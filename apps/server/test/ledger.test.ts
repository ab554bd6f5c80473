import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerAccounts, type LedgerAccountRef } from '../src/modules/ledger/ledger-accounts';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { InsufficientFundsError, balanceOf, transfer } from '../src/modules/ledger/ledger.service';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const deposit = (user: LedgerAccountRef, amount: bigint, key: string) =>
  t.db.transaction((tx) =>
    transfer(tx, { idempotencyKey: key, kind: 'deposit', legs: [{ from: LedgerAccounts.deposits, to: user, amount }] }),
  );

async function expectLedgerSound(): Promise<void> {
  const report = await checkLedger(t.db);
  expect(report.problems).toEqual([]);
}

describe('ledger', () => {
  it('credits, moves and replays nothing twice', async () => {
    const alice = LedgerAccounts.user('alice-1');
    const bob = LedgerAccounts.user('bob-1');
    const first = await deposit(alice, 10n ** 18n, 'deposit:test:1');
    expect(first.replayed).toBe(false);
    const replay = await deposit(alice, 10n ** 18n, 'deposit:test:1');
    expect(replay).toMatchObject({ replayed: true, transferId: first.transferId });
    expect(await balanceOf(t.db, alice)).toBe(10n ** 18n);

    await t.db.transaction((tx) =>
      transfer(tx, { idempotencyKey: 'move:1', kind: 'test', legs: [{ from: alice, to: bob, amount: 1n }] }),
    );
    expect(await balanceOf(t.db, alice)).toBe(10n ** 18n - 1n);
    expect(await balanceOf(t.db, bob)).toBe(1n);
    await expectLedgerSound();
  });

  it('refuses an overdraft and rolls the whole transaction back', async () => {
    const carol = LedgerAccounts.user('carol-1');
    await deposit(carol, 5n, 'deposit:test:carol');
    const transfersBefore = await t.count('ledger_transfers');
    await expect(
      t.db.transaction((tx) =>
        transfer(tx, {
          idempotencyKey: 'overdraft:1',
          kind: 'test',
          legs: [{ from: carol, to: LedgerAccounts.house, amount: 6n }],
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await t.count('ledger_transfers')).toBe(transfersBefore);
    expect(await balanceOf(t.db, carol)).toBe(5n);
    await expectLedgerSound();
  });

  it('lets the database refuse what the code must never do', async () => {
    const dave = LedgerAccounts.user('dave-1');
    await deposit(dave, 7n, 'deposit:test:dave');
    // A negative user balance, an edit of the past, a balance without entries.
    await expect(t.db.execute(sql`UPDATE ledger_accounts SET balance = -1 WHERE code = ${dave.code}`)).rejects.toThrow();
    await expect(t.db.execute(sql`UPDATE ledger_entries SET amount = amount + 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM ledger_transfers`)).rejects.toThrow();
    // The commit-time check refuses it, by its message (drizzle wraps the driver's error as its cause).
    const mismatch: unknown = await t.db
      .execute(sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE code = ${dave.code}`)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(String((mismatch as { cause?: unknown } | undefined)?.cause)).toMatch(/does not match its entries/);
    expect(await balanceOf(t.db, dave)).toBe(7n);
    await expectLedgerSound();
  });

  it('never overdraws under 50 concurrent debits', async () => {
    const erin = LedgerAccounts.user('erin-1');
    await deposit(erin, 20n, 'deposit:test:erin');
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        t.db.transaction((tx) =>
          transfer(tx, {
            idempotencyKey: `concurrent:${index}`,
            kind: 'test',
            legs: [{ from: erin, to: LedgerAccounts.withdrawalsInFlight, amount: 1n }],
          }),
        ),
      ),
    );
    const succeeded = results.filter((result) => result.status === 'fulfilled').length;
    expect(succeeded).toBe(20);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(InsufficientFundsError);
    expect(await balanceOf(t.db, erin)).toBe(0n);
    await expectLedgerSound();
  });

  it('matches a simple in-memory model for random transfer sequences', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            from: fc.integer({ min: 0, max: 3 }),
            to: fc.integer({ min: 0, max: 3 }),
            amount: fc.bigInt({ min: 1n, max: 1000n }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (operations) => {
          run += 1;
          // Account 0 is the deposits account (may go negative); 1..3 are users.
          const refs = [LedgerAccounts.deposits, ...[1, 2, 3].map((n) => LedgerAccounts.user(`model-${run}-${n}`))];
          const model = new Map<string, bigint>(refs.slice(1).map((ref) => [ref.code, 0n]));
          for (const [index, operation] of operations.entries()) {
            if (operation.from === operation.to) continue;
            const from = refs[operation.from]!;
            const to = refs[operation.to]!;
            const modelFrom = model.get(from.code);
            const allowed = modelFrom === undefined || modelFrom >= operation.amount;
            const attempt = t.db.transaction((tx) =>
              transfer(tx, {
                idempotencyKey: `model:${run}:${index}`,
                kind: 'test',
                legs: [{ from, to, amount: operation.amount }],
              }),
            );
            if (allowed) {
              await attempt;
              if (modelFrom !== undefined) model.set(from.code, modelFrom - operation.amount);
              if (model.has(to.code)) model.set(to.code, model.get(to.code)! + operation.amount);
            } else {
              await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
            }
          }
          for (const [code, expected] of model) {
            expect(await balanceOf(t.db, { code, kind: 'user' })).toBe(expected);
          }
        },
      ),
      { numRuns: 25 },
    );
    await expectLedgerSound();
  });
});
