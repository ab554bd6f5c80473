import { describe, expect, it } from 'vitest';
import {
  coinbaseWallet,
  injectedWallet,
  metaMaskWallet,
  rainbowWallet,
  walletConnectWallet,
} from '@rainbow-me/rainbowkit/wallets';
import { CHAIN_RPC_PATH } from '@shifumi/protocol';
import { chainFromConfig, createWalletConfig, hasWalletToOffer, readInjectedFlags, walletGroups } from './wallet-config';

const noInjected = { metaMask: false, rainbow: false, any: false };
const origin = 'https://shifumi.example';

describe('walletGroups', () => {
  it('offers RainbowKit’s default Popular group of four when a WalletConnect project id exists', () => {
    expect(walletGroups('project-1', noInjected)).toEqual([
      { groupName: 'Popular', wallets: [rainbowWallet, coinbaseWallet, metaMaskWallet, walletConnectWallet] },
    ]);
  });

  it('leaves every WalletConnect-based wallet out without a project id', () => {
    expect(walletGroups(undefined, noInjected)).toEqual([{ groupName: 'Popular', wallets: [coinbaseWallet] }]);
  });

  it('keeps injected MetaMask and Rainbow without a project id', () => {
    expect(walletGroups(undefined, { metaMask: true, rainbow: false, any: true })).toEqual([
      { groupName: 'Popular', wallets: [coinbaseWallet, metaMaskWallet] },
    ]);
    expect(walletGroups(undefined, { metaMask: false, rainbow: true, any: true })).toEqual([
      { groupName: 'Popular', wallets: [rainbowWallet, coinbaseWallet] },
    ]);
  });

  it('offers any other browser wallet as the generic injected one', () => {
    expect(walletGroups(undefined, { metaMask: false, rainbow: false, any: true })).toEqual([
      { groupName: 'Popular', wallets: [coinbaseWallet] },
      { groupName: 'More', wallets: [injectedWallet] },
    ]);
  });
});

describe('readInjectedFlags', () => {
  it('reads the flags wallets set on window.ethereum', () => {
    expect(readInjectedFlags({})).toEqual(noInjected);
    expect(readInjectedFlags({ ethereum: { isMetaMask: true } })).toEqual({ metaMask: true, rainbow: false, any: true });
    expect(readInjectedFlags({ ethereum: { isRainbow: true, isMetaMask: true } })).toEqual({
      metaMask: true,
      rainbow: true,
      any: true,
    });
    expect(readInjectedFlags({ ethereum: 'not a provider' })).toEqual(noInjected);
  });
});

describe('chainFromConfig', () => {
  it('reads the development chain through the server’s RPC window', () => {
    const chain = chainFromConfig({ id: 31337, name: 'Foundry', development: true }, origin);
    expect(chain.id).toBe(31337);
    expect(chain.name).toBe('Foundry');
    expect(chain.rpcUrls.default.http).toEqual([`${origin}${CHAIN_RPC_PATH}`]);
    expect(chain.testnet).toBe(true);
  });

  it('keeps mainnet’s ENS contracts, so names and avatars resolve', () => {
    const chain = chainFromConfig({ id: 1, name: 'Ethereum', development: false }, origin);
    expect(chain.contracts?.ensUniversalResolver?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(chain.rpcUrls.default.http).toEqual([`${origin}${CHAIN_RPC_PATH}`]);
  });

  it('describes an unknown chain as plain ETH', () => {
    const chain = chainFromConfig({ id: 424242, name: 'Chain 424242', development: false }, origin);
    expect(chain.nativeCurrency).toEqual({ name: 'Ether', symbol: 'ETH', decimals: 18 });
  });
});

describe('createWalletConfig', () => {
  const chain = chainFromConfig({ id: 31337, name: 'Foundry', development: true }, origin);

  it('builds without a project id (RainbowKit would throw "No projectId found" for a WalletConnect wallet) and has no WalletConnect connector', () => {
    const config = createWalletConfig({
      chain,
      projectId: undefined,
      injected: noInjected,
      appUrl: origin,
      storage: window.localStorage,
    });
    expect(config.chains.map((candidate) => candidate.id)).toEqual([31337]);
    expect(config.connectors.map((connector) => connector.id)).not.toContain('walletConnect');
    expect(config.connectors.map((connector) => connector.id)).toContain('coinbaseWalletSDK');
  });

  it('treats a blank project id as none', () => {
    const config = createWalletConfig({
      chain,
      projectId: '   ',
      injected: noInjected,
      appUrl: origin,
      storage: window.localStorage,
    });
    expect(config.connectors.map((connector) => connector.id)).not.toContain('walletConnect');
  });

  it('adds WalletConnect with a project id', () => {
    const config = createWalletConfig({
      chain,
      projectId: 'abc123',
      injected: noInjected,
      appUrl: origin,
      storage: window.localStorage,
    });
    expect(config.connectors.map((connector) => connector.id)).toContain('walletConnect');
  });
});

describe('hasWalletToOffer (issue 14)', () => {
  const chain = chainFromConfig({ id: 31337, name: 'Foundry', development: true }, origin);
  const build = (projectId: string | undefined, injected: typeof noInjected) =>
    createWalletConfig({ chain, projectId, injected, appUrl: origin, storage: window.localStorage }).connectors;

  it('is false with Coinbase Wallet alone (no browser wallet, no project id)', () => {
    expect(hasWalletToOffer(build(undefined, noInjected))).toBe(false);
  });

  it('is true with a browser wallet, an EIP-6963 one, or WalletConnect', () => {
    expect(hasWalletToOffer(build(undefined, { metaMask: false, rainbow: false, any: true }))).toBe(true);
    expect(hasWalletToOffer(build('abc123', noInjected))).toBe(true);
    // wagmi adds each EIP-6963 wallet as it announces itself, under its rdns.
    expect(hasWalletToOffer([{ id: 'coinbaseWalletSDK' }, { id: 'io.metamask' }])).toBe(true);
  });
});
