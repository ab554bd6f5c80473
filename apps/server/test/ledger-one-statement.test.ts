/**
 * Issue 30 (decision 060): the ledger transfer in one statement keeps every
 * guarantee of the statements it replaced — the overdraft refused with its
 * figures and nothing written, an account to debit that does not exist yet
 * (the statement-by-statement path), one key used by many at once, many first
 * credits of a new account at once — and is one round trip on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerAccounts, type LedgerAccountRef } from '../src/modules/ledger/ledger-accounts';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { InsufficientFundsError, balanceOf, transfer } from '../src/modules/ledger/ledger.service';
import { countStatements } from './support/statement-counter';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const move = (key: string, from: LedgerAccountRef, to: LedgerAccountRef, amount: bigint) =>
  t.db.transaction((tx) => transfer(tx, { idempotencyKey: key, kind: 'test', legs: [{ from, to, amount }] }));

async function expectLedgerSound(): Promise<void> {
  const report = await checkLedger(t.db);
  expect(report.problems).toEqual([]);
}

describe('a ledger transfer in one statement', () => {
  it('refuses an overdraft with the account, its balance and what was needed, and writes nothing', async () => {
    const frank = LedgerAccounts.user('frank-30');
    await move('one:deposit:frank', LedgerAccounts.deposits, frank, 5n);
    const before = { transfers: await t.count('ledger_transfers'), entries: await t.count('ledger_entries') };
    const refused = await move('one:overdraft:frank', frank, LedgerAccounts.escrow('game-30'), 6n).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(InsufficientFundsError);
    expect(refused).toMatchObject({ accountCode: frank.code, balance: 5n, needed: 6n });
    expect({ transfers: await t.count('ledger_transfers'), entries: await t.count('ledger_entries') }).toEqual(before);
    expect(await balanceOf(t.db, frank)).toBe(5n);
    // The escrow account the refused transfer would have created does not exist.
    expect(await balanceOf(t.db, LedgerAccounts.escrow('game-30'))).toBe(0n);
    // The key was not used up: the same transfer goes through once the money is there.
    await move('one:deposit:frank:2', LedgerAccounts.deposits, frank, 1n);
    expect(await move('one:overdraft:frank', frank, LedgerAccounts.escrow('game-30'), 6n)).toMatchObject({ replayed: false });
    expect(await balanceOf(t.db, frank)).toBe(0n);
    await expectLedgerSound();
  });

  it('refuses a debit from an account that was never created (balance 0), nothing written', async () => {
    const ghost = LedgerAccounts.user('ghost-30');
    const transfers = await t.count('ledger_transfers');
    await expect(move('one:ghost', ghost, LedgerAccounts.house, 1n)).rejects.toMatchObject({
      accountCode: ghost.code,
      balance: 0n,
      needed: 1n,
    });
    expect(await t.count('ledger_transfers')).toBe(transfers);
    await expectLedgerSound();
  });

  it('moves the money once when 10 transactions use one key at once; the others replay it', async () => {
    const grace = LedgerAccounts.user('grace-30');
    await move('one:deposit:grace', LedgerAccounts.deposits, grace, 100n);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => move('one:same-key', grace, LedgerAccounts.withdrawalsInFlight, 7n)),
    );
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.transferId)).size).toBe(1);
    expect(await balanceOf(t.db, grace)).toBe(93n);
    await expectLedgerSound();
  });

  it('creates an account once when 10 transactions credit it first at once', async () => {
    const heidi = LedgerAccounts.user('heidi-30');
    await Promise.all(
      Array.from({ length: 10 }, (_, index) => move(`one:first-credit:${index}`, LedgerAccounts.deposits, heidi, 3n)),
    );
    expect(await balanceOf(t.db, heidi)).toBe(30n);
    await expectLedgerSound();
  });

  it.skipIf(!process.env.DATABASE_URL)('is one statement between begin and commit on PostgreSQL', async () => {
    const ivan = LedgerAccounts.user('ivan-30');
    await move('one:deposit:ivan', LedgerAccounts.deposits, ivan, 10n);
    const counter = countStatements(new URL(t.databaseUrl!).pathname.slice(1));
    try {
      counter.start();
      const moved = await move('one:ivan', ivan, LedgerAccounts.escrow('game-30-ivan'), 4n);
      expect(moved.balances).toEqual(
        new Map([
          [LedgerAccounts.escrow('game-30-ivan').code, 4n],
          [ivan.code, 6n],
        ]),
      );
      expect(counter.read()).toMatchObject({ statements: 3, commits: 1 });
    } finally {
      counter.restore();
    }
    await expectLedgerSound();
  });
});
