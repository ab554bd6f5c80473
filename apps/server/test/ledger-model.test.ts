/**
 * The ledger against a model that fits in a few lines: random sequences of
 * deposits, withdrawals (debit to "in flight"), refunds, payouts with their
 * network fee, transfers between users, two-player bets (both stakes in one
 * transfer, so one player short means nobody pays) and replays of used
 * idempotency keys — including the ones that must be refused. After every
 * step the database's balances equal the model's and the ledger check passes.
 * (ledger.test.ts has the fixed scenarios and a transfers-only property.)
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerAccounts, type LedgerAccountRef } from '../src/modules/ledger/ledger-accounts';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { InsufficientFundsError, balanceOf, transfer, type TransferRequest } from '../src/modules/ledger/ledger.service';
import { createTestApp, type TestApp } from './support/test-app';

const USERS = 3;

let t: TestApp;
let runs = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SYSTEM = {
  deposits: LedgerAccounts.deposits,
  inFlight: LedgerAccounts.withdrawalsInFlight,
  sent: LedgerAccounts.withdrawalsSent,
  fees: LedgerAccounts.networkFees,
  house: LedgerAccounts.house,
} as const;
type SystemAccount = keyof typeof SYSTEM;

interface Model {
  users: bigint[];
  /** Change of each shared system account since the run began. */
  system: Record<SystemAccount, bigint>;
  /** Withdrawals debited and not yet paid or refunded. */
  pending: Array<{ id: string; user: number; amount: bigint }>;
  /** Requests that moved money, for replays. */
  done: TransferRequest[];
}

interface Real {
  run: number;
  users: LedgerAccountRef[];
  /** System balances when the run began (other runs used them before). */
  baseline: Record<SystemAccount, bigint>;
  nextId: number;
}

async function systemBalances(): Promise<Record<SystemAccount, bigint>> {
  const entries = await Promise.all(
    Object.entries(SYSTEM).map(async ([name, ref]) => [name, await balanceOf(t.db, ref)] as const),
  );
  return Object.fromEntries(entries) as Record<SystemAccount, bigint>;
}

/** Runs transfers in one database transaction, as the services do. */
function commit(...requests: TransferRequest[]) {
  return t.db.transaction(async (tx) => {
    const results = [];
    for (const request of requests) results.push(await transfer(tx, request));
    return results;
  });
}

/** The database agrees with the model, and the ledger's invariants hold. */
async function expectAgreement(model: Model, real: Real): Promise<void> {
  const users = await Promise.all(real.users.map((ref) => balanceOf(t.db, ref)));
  expect(users).toEqual(model.users);
  const system = await systemBalances();
  for (const name of Object.keys(SYSTEM) as SystemAccount[]) {
    expect({ name, change: system[name] - real.baseline[name] }).toEqual({ name, change: model.system[name] });
  }
  expect(system.inFlight - real.baseline.inFlight).toBe(model.pending.reduce((sum, withdrawal) => sum + withdrawal.amount, 0n));
  const report = await checkLedger(t.db);
  expect(report.problems).toEqual([]);
}

type LedgerCommand = fc.AsyncCommand<Model, Real, false>;

function command(
  name: string,
  check: (model: Readonly<Model>) => boolean,
  run: (model: Model, real: Real) => Promise<void>,
): LedgerCommand {
  return {
    check,
    async run(model, real) {
      await run(model, real);
      await expectAgreement(model, real);
    },
    toString: () => name,
  };
}

/** A debit that the model says must be refused: it throws InsufficientFundsError and nothing moves. */
async function expectRefused(attempt: Promise<unknown>): Promise<void> {
  await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
}

const user = fc.integer({ min: 0, max: USERS - 1 });
const amount = fc.bigInt({ min: 1n, max: 10n ** 18n });
const small = fc.bigInt({ min: 1n, max: 10n ** 15n });
/** Debits: mostly within a balance, sometimes (large ones) beyond it. */
const debit = fc.oneof(small, amount);
const pick = fc.nat();

const [depositCommand, withdrawCommand, refundCommand, payCommand, moveCommand, betCommand, replayCommand] = [
  fc.tuple(user, amount).map(([to, wei]) =>
    command(
      `deposit(${to}, ${wei})`,
      () => true,
      async (model, real) => {
        const request = {
          idempotencyKey: `model:${real.run}:deposit:${real.nextId++}`,
          kind: 'deposit',
          legs: [{ from: SYSTEM.deposits, to: real.users[to]!, amount: wei }],
        };
        await commit(request);
        model.users[to]! += wei;
        model.system.deposits -= wei;
        model.done.push(request);
      },
    ),
  ),
  fc.tuple(user, debit).map(([from, wei]) =>
    command(
      `withdraw(${from}, ${wei})`,
      () => true,
      async (model, real) => {
        const id = `model-${real.run}-${real.nextId++}`;
        const request = {
          idempotencyKey: `withdrawal:${id}`,
          kind: 'withdrawal',
          legs: [{ from: real.users[from]!, to: SYSTEM.inFlight, amount: wei }],
        };
        if (model.users[from]! < wei) return expectRefused(commit(request));
        await commit(request);
        model.users[from]! -= wei;
        model.system.inFlight += wei;
        model.pending.push({ id, user: from, amount: wei });
        model.done.push(request);
      },
    ),
  ),
  pick.map((index) =>
    command(
      `refund(#${index})`,
      (model) => model.pending.length > 0,
      async (model, real) => {
        const [withdrawal] = model.pending.splice(index % model.pending.length, 1);
        const request = {
          idempotencyKey: `withdrawal-refund:${withdrawal!.id}`,
          kind: 'withdrawal_refund',
          legs: [{ from: SYSTEM.inFlight, to: real.users[withdrawal!.user]!, amount: withdrawal!.amount }],
        };
        await commit(request);
        model.users[withdrawal!.user]! += withdrawal!.amount;
        model.system.inFlight -= withdrawal!.amount;
        model.done.push(request);
      },
    ),
  ),
  fc.tuple(pick, small).map(([index, fee]) =>
    command(
      `pay(#${index}, fee ${fee})`,
      (model) => model.pending.length > 0,
      async (model) => {
        const [withdrawal] = model.pending.splice(index % model.pending.length, 1);
        const paid = {
          idempotencyKey: `withdrawal-paid:${withdrawal!.id}`,
          kind: 'withdrawal_paid',
          legs: [{ from: SYSTEM.inFlight, to: SYSTEM.sent, amount: withdrawal!.amount }],
        };
        const gas = {
          idempotencyKey: `withdrawal-fee:${withdrawal!.id}`,
          kind: 'withdrawal_fee',
          legs: [{ from: SYSTEM.house, to: SYSTEM.fees, amount: fee }],
        };
        await commit(paid, gas);
        model.system.inFlight -= withdrawal!.amount;
        model.system.sent += withdrawal!.amount;
        model.system.house -= fee;
        model.system.fees += fee;
        model.done.push(paid, gas);
      },
    ),
  ),
  fc.tuple(user, user, debit).map(([from, to, wei]) =>
    command(
      `move(${from} → ${to}, ${wei})`,
      () => from !== to,
      async (model, real) => {
        const request = {
          idempotencyKey: `model:${real.run}:move:${real.nextId++}`,
          kind: 'test',
          legs: [{ from: real.users[from]!, to: real.users[to]!, amount: wei }],
        };
        if (model.users[from]! < wei) return expectRefused(commit(request));
        await commit(request);
        model.users[from]! -= wei;
        model.users[to]! += wei;
        model.done.push(request);
      },
    ),
  ),
  fc.tuple(user, user, debit, fc.constantFrom('first', 'second', 'draw')).map(([a, b, stake, outcome]) =>
    command(
      `bet(${a} vs ${b}, ${stake}, ${outcome})`,
      () => a !== b,
      async (model, real) => {
        const escrow = LedgerAccounts.escrow(`model-${real.run}-${real.nextId++}`);
        const stakes = {
          idempotencyKey: `model:${escrow.code}:stakes`,
          kind: 'escrow',
          legs: [
            { from: real.users[a]!, to: escrow, amount: stake },
            { from: real.users[b]!, to: escrow, amount: stake },
          ],
        };
        const payout = {
          idempotencyKey: `model:${escrow.code}:payout`,
          kind: 'payout',
          legs:
            outcome === 'draw'
              ? [
                  { from: escrow, to: real.users[a]!, amount: stake },
                  { from: escrow, to: real.users[b]!, amount: stake },
                ]
              : [{ from: escrow, to: real.users[outcome === 'first' ? a : b]!, amount: 2n * stake }],
        };
        if (model.users[a]! < stake || model.users[b]! < stake) {
          // One of them cannot pay: nobody is charged.
          await expectRefused(commit(stakes));
          expect(await balanceOf(t.db, escrow)).toBe(0n);
          return;
        }
        await commit(stakes);
        expect(await balanceOf(t.db, escrow)).toBe(2n * stake);
        await commit(payout);
        expect(await balanceOf(t.db, escrow)).toBe(0n);
        model.users[a]! -= stake;
        model.users[b]! -= stake;
        if (outcome === 'draw') {
          model.users[a]! += stake;
          model.users[b]! += stake;
        } else {
          model.users[outcome === 'first' ? a : b]! += 2n * stake;
        }
        model.done.push(stakes, payout);
      },
    ),
  ),
  fc.tuple(pick, fc.boolean()).map(([index, altered]) =>
    command(
      `replay(#${index}${altered ? ', another amount' : ''})`,
      (model) => model.done.length > 0,
      async (model) => {
        const original = model.done[index % model.done.length]!;
        // A replayed key moves nothing, even when the request around it changed.
        const request = altered
          ? { ...original, legs: original.legs.map((leg) => ({ ...leg, amount: leg.amount + 1n })) }
          : original;
        const [result] = await commit(request);
        expect(result).toMatchObject({ replayed: true, balances: new Map() });
      },
    ),
  ),
];
/** Money in and out of flight more often than the rest, so that refunds and payouts have withdrawals to act on. */
const commands = [
  depositCommand,
  depositCommand,
  withdrawCommand,
  withdrawCommand,
  refundCommand,
  payCommand,
  payCommand,
  moveCommand,
  betCommand,
  replayCommand,
];

describe('ledger model', () => {
  it('agrees with an in-memory model after every step of random deposits, withdrawals, refunds, payouts, transfers, bets and replays', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: 'max' }), async (steps) => {
        runs += 1;
        const run = runs;
        await fc.asyncModelRun(async () => {
          const users = Array.from({ length: USERS }, (_, index) => LedgerAccounts.user(`model-${run}-user-${index}`));
          return {
            model: {
              users: users.map(() => 0n),
              system: { deposits: 0n, inFlight: 0n, sent: 0n, fees: 0n, house: 0n },
              pending: [],
              done: [],
            },
            real: { run, users, baseline: await systemBalances(), nextId: 0 },
          };
        }, steps);
      }),
      { numRuns: 50 },
    );
  }, 120_000); // a ledger check after each of some 600 steps
});
