/**
 * A wagmi configuration for unit tests: the development chain and wagmi's mock
 * connector (a test double at the edge: the wallet), with reads sent to a URL
 * the tests' fetch mock answers.
 */
import type { Address } from 'viem';
import { foundry } from 'viem/chains';
import { createConfig, http, type Config } from 'wagmi';
import { mock } from 'wagmi/connectors';

export const TEST_RPC_URL = 'http://chain.test/rpc';
/** Anvil's first development account. */
export const TEST_WALLET_ADDRESS: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

export function createTestWalletConfig(accounts: readonly [Address, ...Address[]] = [TEST_WALLET_ADDRESS]): Config {
  return createConfig({
    chains: [foundry],
    connectors: [mock({ accounts })],
    transports: { [foundry.id]: http(TEST_RPC_URL) },
    multiInjectedProviderDiscovery: false,
    storage: null,
  });
}
