/**
 * A real anvil for integration tests, and the ChainContext the app is built on.
 * Anvil automines (one block per transaction) unless the test says otherwise;
 * the hot wallet is anvil's account 0 (m/44'/60'/0'/0/0 of the development
 * mnemonic) and test payers use accounts 1 and up, so nothing else ever uses
 * the hot wallet's nonces.
 */
import { expect } from 'vitest';
import { type Address, type Hex, parseEther } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { type AppConfig, loadConfig } from '../../src/config';
import { createChainWalletClient } from '../../src/infra/chain/chain-client';
import { connectChain, type ChainContext } from '../../src/infra/chain/chain-runtime';
import { DEV_CHAIN_ID, DEV_MNEMONIC } from '../../src/infra/chain/hd-wallet';
import { startTestAnvil, type TestAnvil } from '../../src/infra/chain/anvil-testing';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { createChainHoldings } from '../../src/modules/ledger/chain-holdings';
import type { Database } from '../../src/infra/db/database';

export { startTestAnvil, type TestAnvil };

/** `createTestApp({ chain: chainFor(anvil, { DEPOSIT_CONFIRMATIONS: '3' }) })`. */
export function chainFor(anvil: TestAnvil, env: Record<string, string> = {}) {
  return async (appConfig: AppConfig): Promise<ChainContext> => {
    const chainConfig = loadConfig({ ETH_RPC_URL: anvil.rpcUrl, CHAIN_POLL_MS: '100', ...env });
    return connectChain({ ...appConfig, ...pickChainFields(chainConfig) }, anvil.rpcUrl);
  };
}

function pickChainFields(config: ReturnType<typeof loadConfig>) {
  const {
    ethRpcUrl,
    chainId,
    depositMnemonic,
    hotWalletPrivateKey,
    chainPollMs,
    depositConfirmations,
    withdrawalConfirmations,
    reconcileIntervalMs,
    withdrawalStuckMs,
  } = config;
  return {
    ethRpcUrl,
    chainId,
    depositMnemonic,
    hotWalletPrivateKey,
    chainPollMs,
    depositConfirmations,
    withdrawalConfirmations,
    reconcileIntervalMs,
    withdrawalStuckMs,
  };
}

/** A funded anvil account other than the hot wallet (index ≥ 1 of the development mnemonic). */
export function payerAccount(index = 1) {
  if (index < 1) throw new RangeError('account 0 is the hot wallet');
  return mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index });
}

/** Sends `eth` (decimal text) from a funded account to `to`; returns the transaction hash. */
export async function sendEth(anvil: TestAnvil, to: Address, eth: string, payerIndex = 1): Promise<Hex> {
  const wallet = createChainWalletClient({ rpcUrl: anvil.rpcUrl, chainId: DEV_CHAIN_ID, account: payerAccount(payerIndex) });
  return wallet.sendTransaction({ to, value: parseEther(eth) });
}

/** Asserts that `npm run ledger:check`'s rules hold on this database and chain. */
export async function expectLedgerConsistent(db: Database, chain: ChainContext | undefined): Promise<void> {
  const report = await checkLedger(db, chain ? createChainHoldings(db, chain) : undefined);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}
