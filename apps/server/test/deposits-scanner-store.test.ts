/**
 * The database scanner store (chain_blocks + deposits) on a real database (PGlite, or
 * PostgreSQL when DATABASE_URL is set): the same contract as the in-memory reference
 * store, then what only the database keeps — orphaned rows revived when their
 * transaction comes back, and credited rows flagged, never dropped, by a reorganisation
 * deeper than the confirmations.
 */
import { eq } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposits, users } from '../src/infra/db/schema/index';
import { BlockScanner } from '../src/modules/deposits/block-scanner';
import { createDatabaseScannerStore, markCredited } from '../src/modules/deposits/deposits.repo';
import { ADDRESSES, FakeChain, WATCHED } from '../src/modules/deposits/fake-chain';
import { describeScannerStoreContract, type HeldTransfer, sortHeld } from '../src/modules/deposits/scanner-store.contract';
import { createTestApp, type TestApp } from './support/test-app';
import { expectLedgerConsistent } from './support/test-chain';

let t: TestApp;
/** Each store gets a chain id of its own: stores never see each other's rows. */
let nextChainId = 1_000;

beforeAll(async () => {
  t = await createTestApp();
  // The watched addresses of the fake chain belong to users (the store maps `to` to its owner).
  await t.db.insert(users).values(
    [...WATCHED].map((address, index) => ({
      name: `Owner ${index}`,
      referralCode: `STORE${index}OWNER`,
      walletAddress: address,
    })),
  );
});

afterAll(async () => {
  await expectLedgerConsistent(t.db, undefined);
  await t.close();
});

function databaseStore() {
  const chainId = nextChainId++;
  const store = createDatabaseScannerStore(t.db, chainId, t.app.fastify.log);
  const rows = () => t.db.select().from(deposits).where(eq(deposits.chainId, chainId));
  async function held(): Promise<HeldTransfer[]> {
    const live = (await rows()).filter((row) => row.status === 'pending' || row.status === 'credited');
    return sortHeld(
      live.map((row) => ({
        txHash: row.txHash as HeldTransfer['txHash'],
        to: row.address as Address,
        value: row.amount,
        blockNumber: row.blockNumber,
        blockHash: row.blockHash as HeldTransfer['blockHash'],
      })),
    );
  }
  return { chainId, store, held, rows };
}

describeScannerStoreContract('database', async () => databaseStore(), { propertyRuns: 100 });

describe('the database scanner store', () => {
  const [W0] = ADDRESSES as [Address];

  it('keeps an orphaned deposit as a row, and makes the same row pending again at its new block when the transaction comes back', async () => {
    const { store, rows } = databaseStore();
    const chain = new FakeChain();
    const scanner = new BlockScanner({
      source: chain,
      store,
      isWatchedAddress: (address) => WATCHED.has(address),
      startBlock: 0n,
    });
    const original = chain.mine([{ to: W0, value: 7n }]);
    await scanner.scan();
    const [pending] = await rows();
    expect(pending).toMatchObject({ status: 'pending', blockNumber: 1n, blockHash: original.hash, kind: 'transfer' });

    chain.rollback(1);
    chain.mine([]);
    await scanner.scan();
    expect(await rows()).toEqual([expect.objectContaining({ id: pending!.id, status: 'orphaned', blockNumber: 1n })]);

    const moved = chain.mine([{ hash: original.transactions[0]!.hash, to: W0, value: 7n }]);
    await scanner.scan();
    expect(await rows()).toEqual([
      expect.objectContaining({ id: pending!.id, status: 'pending', blockNumber: 2n, blockHash: moved.hash, creditedAt: null }),
    ]);
  });

  it('flags a credited deposit whose block is reorganised away, logs it as an error, and credits it again (not twice) if it comes back', async () => {
    const { store, rows } = databaseStore();
    const chain = new FakeChain();
    const scanner = new BlockScanner({
      source: chain,
      store,
      isWatchedAddress: (address) => WATCHED.has(address),
      startBlock: 0n,
    });
    const original = chain.mine([{ to: W0, value: 9n }]);
    chain.mine([]);
    await scanner.scan();
    const [row] = await rows();
    expect(await markCredited(t.db, row!.id, t.clock())).toBe(true);
    expect(await markCredited(t.db, row!.id, t.clock())).toBe(false);

    const errorsBefore = t.logs.filter((line) => line.level === 50).length;
    chain.reorg(2, [[], [], []]);
    const result = await scanner.scan();
    // Not returned as dropped: a credited deposit is never silently undone.
    expect(result.reorgs).toMatchObject([{ forkPoint: 0n, droppedTransfers: [] }]);
    const [flagged] = await rows();
    expect(flagged).toMatchObject({ id: row!.id, status: 'reorged_after_credit', creditedAt: expect.any(Date) });
    const errors = t.logs.filter((line) => line.level === 50).slice(errorsBefore);
    expect(errors).toEqual([
      expect.objectContaining({ depositId: row!.id, wei: '9', msg: expect.stringMatching(/deeper than the confirmations/) }),
    ]);

    chain.mine([{ hash: original.transactions[0]!.hash, to: W0, value: 9n }]);
    await scanner.scan();
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: row!.id, status: 'credited', blockNumber: 4n, creditedAt: flagged!.creditedAt });
  });

  it('records nothing for a transfer to a watched address that nobody owns yet (reconciliation credits it once assigned)', async () => {
    const { store, rows } = databaseStore();
    const chain = new FakeChain();
    const unowned = ADDRESSES[5]!;
    const scanner = new BlockScanner({ source: chain, store, isWatchedAddress: () => true, startBlock: 0n });
    chain.mine([{ to: unowned, value: 3n }]);
    const result = await scanner.scan();
    expect(result.observed.map((transfer) => transfer.to)).toEqual([unowned]);
    expect(await rows()).toEqual([]);
    expect(t.logs.some((line) => line.msg === 'Deposit to an unassigned deposit address' && line.address === unowned)).toBe(true);
  });
});
