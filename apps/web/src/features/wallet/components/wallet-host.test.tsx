import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@shifumi/protocol';
import { createConfig, createConnector, http } from 'wagmi';
import { getAccount } from 'wagmi/actions';
import { mock } from 'wagmi/connectors';
import { accountFixture, backgroundReads, configFixture, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, renderAppWithWalletOnDemand, signInAs } from '../../../test/render-app';
import { chainRpc, connectTestWallet, TEST_RPC_URL, TEST_WALLET_ADDRESS, testChain } from '../../../test/wallet';
import { reloadSessionFromStorage } from '../../../lib/session-store';
import { WALLET_EN } from '@shifumi/protocol/catalogue/en/wallet';

/** RainbowKit's own connect button: only there once the wallet stack is. */
const rainbowKitButton = () => document.querySelector('[data-testid="rk-connect-button"]');

function server(config: () => Response | Promise<Response> = () => jsonResponse(200, configFixture)) {
  return installFetch((request) =>
    request.url === '/api/config'
      ? config()
      : (backgroundReads(request, accountFixture()) ??
        chainRpc(request, { eth_accounts: () => [TEST_WALLET_ADDRESS] }) ??
        jsonResponse(404, {})),
  );
}

describe('the wallet stack on demand', () => {
  it('is not loaded for a visitor with no wallet: the page does not wait for the chain configuration, the button is ours', async () => {
    // The chain configuration never answers: nothing on the page may wait for it.
    const { requests } = server(() => new Promise<Response>(() => {}));
    renderAppWithWalletOnDemand('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Rock, paper, scissors — for real.');
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rainbowKitButton()).toBeNull();
    expect(requests.some((request) => request.url === '/api/config')).toBe(false);
  });

  it('loads with one press on Connect Wallet; with no wallet in the browser (nor WalletConnect) it says how to get one, then Coinbase Wallet opens RainbowKit’s connect dialog (issue 14)', async () => {
    const { requests } = server();
    const { user } = renderAppWithWalletOnDemand('/');

    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));

    // jsdom has no browser wallet and the build no WalletConnect project id: Coinbase Wallet alone would be offered.
    const help = await screen.findByRole('dialog', { name: WALLET_EN.noWallet.title }, { timeout: 10_000 });
    expect(within(help).getByText(WALLET_EN.noWallet.text)).toBeTruthy();
    expect(within(help).getByRole('link', { name: 'Get MetaMask' }).getAttribute('href')).toBe('https://metamask.io/download/');
    await user.click(within(help).getByRole('button', { name: WALLET_EN.noWallet.coinbase }));

    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(within(dialog).getByRole('heading', { name: 'Connect a Wallet' })).toBeTruthy();
    expect(requests.filter((request) => request.url === '/api/config')).toHaveLength(1);
    // RainbowKit's button has taken the place of ours (both hidden from the tree while the dialog is open).
    await waitFor(() => expect(rainbowKitButton()).not.toBeNull());
    expect(screen.getAllByRole('button', { name: 'Connect Wallet', hidden: true })).toEqual([rainbowKitButton()]);
  });

  it('a press when the chain configuration cannot be read says something went wrong, and the next press tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answers = 0;
    server(() => (++answers === 1 ? jsonResponse(500, {}) : jsonResponse(200, configFixture)));
    const { user } = renderAppWithWalletOnDemand('/');

    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(await screen.findByText('Oops, something went wrong!')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    // The stack is there: with no wallet in jsdom, the dialog that says how to get one (issue 14).
    expect(await screen.findByRole('dialog', { name: WALLET_EN.noWallet.title }, { timeout: 10_000 })).toBeTruthy();
  });

  it('loads at start when this browser had a wallet connected', async () => {
    window.localStorage.setItem(STORAGE_KEYS.walletConnector, 'injected');
    server();
    renderAppWithWalletOnDemand('/');
    await waitFor(() => expect(rainbowKitButton()).not.toBeNull(), { timeout: 10_000 });
  });

  it('loads at start for a session bound to a wallet (its wallet is watched), even with none remembered', async () => {
    signInAs('wallet-token');
    window.localStorage.setItem(STORAGE_KEYS.sessionWallet, TEST_WALLET_ADDRESS.toLowerCase());
    reloadSessionFromStorage();
    server();
    renderAppWithWalletOnDemand('/');
    await waitFor(() => expect(rainbowKitButton()).not.toBeNull(), { timeout: 10_000 });
  });
});

describe('the remembered wallet', () => {
  /** The mock wallet (which comes back after a reload when `reconnects`) and another connector that counts how often it is asked for its provider. */
  function walletConfig(reconnects: boolean) {
    const other = vi.fn(async () => ({}));
    const config = createConfig({
      chains: [testChain],
      connectors: [
        mock({ accounts: [TEST_WALLET_ADDRESS], features: { reconnect: reconnects, defaultConnected: reconnects } }),
        createConnector(() => ({
          id: 'other',
          name: 'Other wallet',
          type: 'other',
          connect: async () => Promise.reject(new Error('not used')),
          disconnect: async () => undefined,
          getAccounts: async () => [],
          getChainId: async () => testChain.id,
          getProvider: other,
          isAuthorized: async () => false,
          onAccountsChanged: () => undefined,
          onChainChanged: () => undefined,
          onDisconnect: () => undefined,
        })),
      ],
      transports: { [testChain.id]: http(TEST_RPC_URL) },
      multiInjectedProviderDiscovery: false,
      storage: null,
    });
    return { config, other };
  }

  it('is reconnected at start, and no other connector is asked for its provider (no SDK fetched for nobody)', async () => {
    window.localStorage.setItem(STORAGE_KEYS.walletConnector, 'mock');
    server();
    const { config, other } = walletConfig(true);
    renderApp('/', config, { restoreWallet: true });
    await waitFor(() => expect(getAccount(config).status).toBe('connected'));
    expect(getAccount(config).address).toBe(TEST_WALLET_ADDRESS);
    expect(other).not.toHaveBeenCalled();
  });

  it('is forgotten when it does not come back', async () => {
    window.localStorage.setItem(STORAGE_KEYS.walletConnector, 'mock');
    server();
    const { config } = walletConfig(false);
    renderApp('/', config, { restoreWallet: true });
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.walletConnector)).toBeNull());
    expect(getAccount(config).status).toBe('disconnected');
  });

  it('is the connector of a wallet that connects, and is forgotten when it disconnects', async () => {
    server();
    const { walletConfig: config } = renderApp('/');
    expect(window.localStorage.getItem(STORAGE_KEYS.walletConnector)).toBeNull();
    await act(() => connectTestWallet(config));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.walletConnector)).toBe('mock'));
    const { disconnect } = await import('wagmi/actions');
    await act(() => disconnect(config));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.walletConnector)).toBeNull());
  });
});
