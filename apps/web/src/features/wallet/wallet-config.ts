/**
 * The wallet stack's configuration (wagmi 2 + RainbowKit 2), built from what
 * the server says (`GET /api/config`: the chain deposits live on) and the
 * build's WalletConnect project id.
 *
 * - One chain: the server's (Ethereum mainnet in production, the development
 *   chain 31337 when the server runs on anvil). Reads go through the server's
 *   read-only RPC window (CHAIN_RPC_PATH), never straight to a node.
 * - Wallets: RainbowKit's default Popular group (Rainbow, Coinbase, MetaMask,
 *   WalletConnect) when a project id exists. Without one, every wallet that
 *   would need WalletConnect is left out — rather than RainbowKit throwing
 *   'No projectId found' — and injected wallets (MetaMask, Rainbow and other
 *   browser wallets, plus any EIP-6963 wallet, shown as Installed) keep
 *   working, as does Coinbase Wallet, which has its own SDK.
 */
import { connectorsForWallets, type WalletList } from '@rainbow-me/rainbowkit';
import {
  coinbaseWallet,
  injectedWallet,
  metaMaskWallet,
  rainbowWallet,
  walletConnectWallet,
} from '@rainbow-me/rainbowkit/wallets';
import { CHAIN_RPC_PATH, type ConfigResponse } from '@shifumi/protocol';
import { defineChain, type Chain } from 'viem';
import { foundry, holesky, mainnet, sepolia } from 'viem/chains';
import { createConfig, createStorage, http, type Config } from 'wagmi';

export const APP_NAME = 'Shifumi';

const KNOWN_CHAINS: readonly Chain[] = [mainnet, sepolia, holesky, foundry];

/** The server's chain as wagmi needs it, with the server's RPC window as its only endpoint. */
export function chainFromConfig(chain: ConfigResponse['chain'], origin: string): Chain {
  const rpc = `${origin}${CHAIN_RPC_PATH}`;
  const known = KNOWN_CHAINS.find((candidate) => candidate.id === chain.id);
  return defineChain({
    ...(known ?? { nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }),
    id: chain.id,
    name: chain.name,
    rpcUrls: { default: { http: [rpc] } },
    testnet: chain.development || known?.testnet,
  });
}

/** Which wallets announced themselves through `window.ethereum` (read once, when the config is built). */
export interface InjectedFlags {
  metaMask: boolean;
  rainbow: boolean;
  any: boolean;
}

interface InjectedProviderFlags {
  isMetaMask?: unknown;
  isRainbow?: unknown;
}

export function readInjectedFlags(target: { ethereum?: unknown } = window as { ethereum?: unknown }): InjectedFlags {
  const ethereum = target.ethereum;
  if (typeof ethereum !== 'object' || ethereum === null) return { metaMask: false, rainbow: false, any: false };
  const flags = ethereum as InjectedProviderFlags;
  return { metaMask: flags.isMetaMask === true, rainbow: flags.isRainbow === true, any: true };
}

/** The wallet list of the connect dialog (spec: groups, the default Popular group of four). */
export function walletGroups(projectId: string | undefined, injected: InjectedFlags): WalletList {
  if (projectId) {
    return [{ groupName: 'Popular', wallets: [rainbowWallet, coinbaseWallet, metaMaskWallet, walletConnectWallet] }];
  }
  const popular = [...(injected.rainbow ? [rainbowWallet] : []), coinbaseWallet, ...(injected.metaMask ? [metaMaskWallet] : [])];
  const groups: WalletList = [{ groupName: 'Popular', wallets: popular }];
  // A browser wallet that is neither: RainbowKit's generic injected entry.
  if (injected.any && !injected.metaMask && !injected.rainbow) groups.push({ groupName: 'More', wallets: [injectedWallet] });
  return groups;
}

export interface WalletConfigInput {
  chain: Chain;
  /** VITE_WALLETCONNECT_PROJECT_ID; empty or undefined leaves WalletConnect out. */
  projectId: string | undefined;
  injected?: InjectedFlags;
  appUrl?: string;
  storage?: Storage;
}

export function createWalletConfig({
  chain,
  projectId,
  injected = readInjectedFlags(),
  appUrl = window.location.origin,
  storage = window.localStorage,
}: WalletConfigInput): Config {
  const id = projectId?.trim() || undefined;
  const connectors = connectorsForWallets(walletGroups(id, injected), {
    appName: APP_NAME,
    appUrl,
    appDescription: 'Real-time rock paper scissors for ETH',
    // Only read by wallets that need WalletConnect, which are left out without a project id.
    projectId: id ?? '',
  });
  return createConfig({
    chains: [chain],
    connectors,
    transports: { [chain.id]: http(chain.rpcUrls.default.http[0]) },
    // EIP-6963: every browser wallet that announces itself is offered (the Installed group).
    multiInjectedProviderDiscovery: true,
    storage: createStorage({ storage, key: 'shifumi.wallet' }),
    ssr: false,
  });
}

/** The build's WalletConnect project id, if any. */
export function walletConnectProjectId(): string | undefined {
  const value: unknown = import.meta.env.VITE_WALLETCONNECT_PROJECT_ID;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Coinbase Wallet's SDK connector: there even with no wallet in the browser and no WalletConnect. */
const COINBASE_CONNECTOR_ID = 'coinbaseWalletSDK';

/**
 * Issue 14: whether the connect dialog has a wallet to offer besides Coinbase
 * Wallet's SDK: a browser wallet (window.ethereum or any EIP-6963 wallet,
 * which wagmi adds as it announces itself), or WalletConnect with a project
 * id. Without one, the app says how to get a wallet instead of RainbowKit's
 * dialog with a lonely option.
 */
export function hasWalletToOffer(connectors: ReadonlyArray<{ id: string }>): boolean {
  return connectors.some((connector) => connector.id !== COINBASE_CONNECTOR_ID);
}
