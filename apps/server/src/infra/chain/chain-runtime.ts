/**
 * The chain the server works on, assembled once at start: the JSON-RPC
 * endpoint (ETH_RPC_URL, or the embedded anvil main.ts started), the chain id
 * it serves, the rules that depend on it (development mnemonic allowed only on
 * 31337, confirmations), the HD wallet of the deposit addresses and the hot
 * wallet's signing client. Everything money-related on chain receives this.
 */
import type { Address } from 'viem';
import { resolveChainSettings, type ChainSettings, type ChainSettingsInput } from './chain-settings';

/** What connecting reads of the configuration (config.ts's Config has it all). */
export interface ChainConnectConfig extends ChainSettingsInput {
  chainPollMs: number;
  reconcileIntervalMs: number;
  withdrawalStuckMs: number;
}
import { type ChainPublicClient, type ChainWalletClient, createChainPublicClient, createChainWalletClient } from './chain-client';
import { HdWallet, hotWalletAccount } from './hd-wallet';

export interface ChainContext {
  settings: ChainSettings;
  /** Human name of the chain (viem's, or "Chain <id>"). */
  chainName: string;
  /**
   * The JSON-RPC endpoint (ETH_RPC_URL or the embedded anvil's), for the
   * read-only proxy the web app uses. Hosted providers put their API key in
   * it: never log it or send it to a client (describeRpcUrl is safe to log).
   */
  rpcUrl: string;
  publicClient: ChainPublicClient;
  /** Derives deposit addresses (m/44'/60'/1'/0/{index}). Holds the secret: never log it. */
  hdWallet: HdWallet;
  /** Signs and sends from the hot wallet. */
  hotWallet: ChainWalletClient;
  /** The hot wallet's address, lower-case. */
  hotWalletAddress: Address;
  /** Block polling interval of the watcher (CHAIN_POLL_MS). */
  pollMs: number;
  reconcileIntervalMs: number;
  withdrawalStuckMs: number;
}

/**
 * Connects to `rpcUrl`, reads the chain id and applies the chain rules.
 *
 * @throws ConfigError when the secrets do not fit the chain (e.g. no DEPOSIT_MNEMONIC on mainnet)
 */
export async function connectChain(config: ChainConnectConfig, rpcUrl: string): Promise<ChainContext> {
  const probe = createChainPublicClient({ rpcUrl, chainId: config.chainId ?? 1, pollingIntervalMs: config.chainPollMs });
  const chainId = await probe.getChainId();
  const settings = resolveChainSettings(config, chainId);
  const publicClient = createChainPublicClient({ rpcUrl, chainId, pollingIntervalMs: config.chainPollMs });
  const hdWallet = new HdWallet(settings.depositMnemonic);
  const account = hotWalletAccount({ privateKey: settings.hotWalletPrivateKey, mnemonic: settings.depositMnemonic });
  const hotWallet = createChainWalletClient({ rpcUrl, chainId, account, pollingIntervalMs: config.chainPollMs });
  return {
    settings,
    chainName: publicClient.chain.name,
    rpcUrl,
    publicClient,
    hdWallet,
    hotWallet,
    hotWalletAddress: account.address.toLowerCase() as Address,
    pollMs: config.chainPollMs,
    reconcileIntervalMs: config.reconcileIntervalMs,
    withdrawalStuckMs: config.withdrawalStuckMs,
  };
}
