import { describe, expect, it } from 'vitest';
import { BlockScanner, confirmations } from './block-scanner';
import { ADDRESSES, FakeChain, WATCHED } from './fake-chain';
import { InMemoryScannerStore } from './in-memory-scanner-store';
import { describeScannerStoreContract, heldView } from './scanner-store.contract';

// The scanner's behaviour over the reference store; the database store runs the same
// contract in test/deposits-scanner-store.test.ts.
describeScannerStoreContract(
  'in memory',
  async () => {
    const store = new InMemoryScannerStore();
    return { store, held: async () => store.transfers().map(heldView) };
  },
  { propertyRuns: 300 },
);

describe('BlockScanner on a fake chain', () => {
  it('shares one run between concurrent scan() calls', async () => {
    const chain = new FakeChain();
    const store = new InMemoryScannerStore();
    const scanner = new BlockScanner({
      source: chain,
      store,
      isWatchedAddress: (address) => WATCHED.has(address),
      startBlock: 0n,
    });
    chain.mine([{ to: ADDRESSES[0] ?? null, value: 1n }]);
    const [a, b] = await Promise.all([scanner.scan(), scanner.scan()]);
    expect(a).toBe(b);
    expect(store.transfers()).toHaveLength(1);
    expect(store.commits()).toBe(2);
  });

  it('never commits a block twice or below the cursor without a rewind (the in-memory store refuses it)', async () => {
    const chain = new FakeChain();
    const store = new InMemoryScannerStore();
    const scanner = new BlockScanner({
      source: chain,
      store,
      isWatchedAddress: (address) => WATCHED.has(address),
      startBlock: 0n,
    });
    for (let i = 0; i < 5; i += 1) chain.mine([{ to: ADDRESSES[0] ?? null, value: 1n }]);
    await scanner.scan();
    chain.reorg(2, [[], []]);
    await scanner.scan();
    expect(store.cursor()).toBe(5n);
    expect(store.commits()).toBe(6 + 2);
  });

  it('refuses to keep fewer than 64 block hashes', () => {
    const chain = new FakeChain();
    expect(
      () =>
        new BlockScanner({
          source: chain,
          store: new InMemoryScannerStore(),
          isWatchedAddress: () => true,
          startBlock: 0n,
          recentBlocksKept: 63,
        }),
    ).toThrow(RangeError);
  });
});

describe('confirmations', () => {
  it('counts the own block as the first', () => {
    expect(confirmations(10n, 10n)).toBe(1n);
    expect(confirmations(10n, 21n)).toBe(12n);
    expect(confirmations(10n, 9n)).toBe(0n);
  });
});
