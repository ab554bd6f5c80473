/**
 * The world of the deposit tests: a real anvil and the app on it (deposits
 * need 3 confirmations and reconciliation only runs when asked, unless a test
 * says otherwise), the ledger check after every scenario, and the helpers all
 * deposit test files share.
 */
import { eq } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterEach } from 'vitest';
import { rpc } from '../../src/infra/chain/anvil-testing';
import { deposits, ledgerTransfers } from '../../src/infra/db/schema/index';
import { buildDepositWatcher, type DepositWatcherOptions } from '../../src/compose/chain-workers';
import type { DepositWatcher } from '../../src/modules/deposits/deposit-watcher';
import { LedgerAccounts } from '../../src/modules/ledger/ledger-accounts';
import { balanceOf } from '../../src/modules/ledger/ledger.service';
import { noBalanceEvents } from '../../src/modules/ledger/balance-events';
import { signIn, signUp } from './api';
import { createTestApp, type TestApp } from './test-app';
import { chainFor, expectLedgerConsistent, startTestAnvil, type TestAnvil } from './test-chain';

export interface DepositWorld {
  /** The current anvil and app (set by `setUp`). */
  readonly anvil: TestAnvil;
  readonly t: TestApp;
  setUp(env?: Record<string, string>): Promise<void>;
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  mine(blocks: number): Promise<void>;
  /**
   * Rolls the chain back `depth` blocks and drops every pending transaction, with automining
   * paused meanwhile: anvil may put the rolled-back transactions back in its pool, and with
   * automining on, a loaded machine could mine them again before the drop.
   */
  rollbackAndDrop(depth: number): Promise<void>;
  watcher(): NonNullable<TestApp['app']['depositWatcher']>;
  balance(userId: string): Promise<bigint>;
  newPlayer(): Promise<{ id: string; token: string; address: Address }>;
  depositRows(address: Address): Promise<Array<typeof deposits.$inferSelect>>;
  /** Another watcher over the app's database and chain (a restarted server, or one with a failure injected). */
  anotherWatcher(overrides?: Partial<DepositWatcherOptions>): DepositWatcher;
  /** How many ledger transfers credited deposits: one per credited deposit, or something was credited twice. */
  depositCredits(): Promise<number>;
  errorLogs(): Array<Record<string, unknown>>;
}

/** Call once per test file: registers the tear-down (ledger check, close, dispose) after each test. */
export function useDepositWorld(): DepositWorld {
  let anvil: TestAnvil | undefined;
  let t: TestApp | undefined;
  const app = () => {
    if (!t) throw new Error('setUp() first');
    return t;
  };

  afterEach(async () => {
    if (t) {
      await expectLedgerConsistent(t.db, t.chain);
      await t.close();
    }
    await anvil?.dispose();
    t = undefined;
    anvil = undefined;
  });

  const world: DepositWorld = {
    get anvil() {
      if (!anvil) throw new Error('setUp() first');
      return anvil;
    },
    get t() {
      return app();
    },
    async setUp(env = {}) {
      anvil = await startTestAnvil();
      t = await createTestApp({
        chain: chainFor(anvil, { DEPOSIT_CONFIRMATIONS: '3', RECONCILE_INTERVAL_MS: '3600000', ...env }),
      });
    },
    call: (method, params = []) => rpc(world.anvil.rpcUrl, method, params),
    async mine(blocks) {
      if (blocks > 0) await world.call('anvil_mine', [`0x${blocks.toString(16)}`]);
    },
    async rollbackAndDrop(depth) {
      await world.call('evm_setAutomine', [false]);
      try {
        await world.call('anvil_rollback', [depth]);
        await world.call('anvil_dropAllTransactions');
      } finally {
        await world.call('evm_setAutomine', [true]);
      }
    },
    watcher: () => app().app.depositWatcher!,
    balance: (userId) => balanceOf(app().db, LedgerAccounts.user(userId)),
    async newPlayer() {
      const session = await signIn(app(), await signUp(app()));
      return { id: session.user.id, token: session.accessToken, address: session.user.walletAddress as Address };
    },
    depositRows: (address) => app().db.select().from(deposits).where(eq(deposits.address, address)),
    anotherWatcher: (overrides = {}) =>
      buildDepositWatcher({
        db: app().db,
        chain: app().chain!,
        depositAddresses: app().app.depositAddresses,
        balanceEvents: noBalanceEvents,
        logger: app().app.fastify.log,
        clock: app().clock,
        ...overrides,
      }),
    async depositCredits() {
      return (await app().db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'deposit'))).length;
    },
    errorLogs: () => app().logs.filter((line) => line.level === 50),
  };
  return world;
}
