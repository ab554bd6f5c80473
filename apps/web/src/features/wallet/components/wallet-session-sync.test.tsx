import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS, TEXTS } from '@shifumi/protocol';
import { disconnect, getAccount } from 'wagmi/actions';
import { getSession } from '../../../lib/session-store';
import { actionRequests, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs } from '../../../test/render-app';
import { chainRpc, connectTestWallet, TEST_WALLET_ADDRESS } from '../../../test/wallet';
import { AUTH_EN } from '@shifumi/protocol/catalogue/en/auth';

vi.mock('../../../lib/page-navigation', () => ({ reloadPage: vi.fn(), loadPage: vi.fn() }));

function installServer() {
  return installFetch(
    (request) =>
      backgroundReads(request) ??
      chainRpc(request) ??
      (request.url === '/api/auth/logout' ? jsonResponse(200, { message: 'You have been signed out.' }) : jsonResponse(404, {})),
  );
}

function signInWithWallet(address: string = TEST_WALLET_ADDRESS) {
  signInAs('wallet-token');
  window.localStorage.setItem(STORAGE_KEYS.sessionWallet, address.toLowerCase());
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.sessionWallet }));
}

describe('the session and the wallet', () => {
  it('ends a wallet session when its wallet disconnects', async () => {
    const { requests } = installServer();
    signInWithWallet();
    const { walletConfig } = renderApp('/');
    await act(() => connectTestWallet(walletConfig));
    expect(screen.getByText(TEXTS.connected)).toBeTruthy();

    await act(() => disconnect(walletConfig));

    await waitFor(() => expect(getSession().accessToken).toBeNull());
    expect(await screen.findByText(TEXTS.notConnected)).toBeTruthy();
    expect(actionRequests(requests).map((request) => request.url)).toEqual(['/api/auth/logout']);
  });

  it('ends a wallet session when the wallet switches to another account', async () => {
    installServer();
    signInWithWallet();
    const { walletConfig } = renderApp('/');
    await act(() => connectTestWallet(walletConfig));

    act(() => walletConfig.connectors[0]!.onAccountsChanged(['0x70997970C51812dc3A010C7d01b50e0d17dc79C8']));

    await waitFor(() => expect(getSession().accessToken).toBeNull());
  });

  it('keeps a wallet session while the same wallet stays connected', async () => {
    const { requests } = installServer();
    signInWithWallet();
    const { walletConfig } = renderApp('/');
    await act(() => connectTestWallet(walletConfig));
    act(() => walletConfig.connectors[0]!.onAccountsChanged([TEST_WALLET_ADDRESS]));

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getSession().accessToken).toBe('wallet-token');
    expect(actionRequests(requests)).toHaveLength(0);
  });

  it('keeps an e-mail session when a wallet disconnects', async () => {
    const { requests } = installServer();
    signInAs('email-token');
    const { walletConfig } = renderApp('/');
    await act(() => connectTestWallet(walletConfig));

    await act(() => disconnect(walletConfig));

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getSession().accessToken).toBe('email-token');
    expect(screen.getByText(TEXTS.connected)).toBeTruthy();
    expect(actionRequests(requests)).toHaveLength(0);
  });

  it('disconnects the wallet when the user logs out', async () => {
    installServer();
    signInAs('email-token');
    const { walletConfig, user } = renderApp('/');
    await act(() => connectTestWallet(walletConfig));

    await user.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    await user.click(screen.getByRole('button', { name: AUTH_EN.logout.yes }));

    await waitFor(() => expect(getAccount(walletConfig).status).toBe('disconnected'));
    expect(getSession().accessToken).toBeNull();
  });

  it('disconnects the wallet when the session ends elsewhere (another tab, a refused refresh)', async () => {
    installServer();
    signInAs('email-token');
    const { walletConfig } = renderApp('/');
    await act(() => connectTestWallet(walletConfig));

    act(() => {
      window.localStorage.removeItem(STORAGE_KEYS.accessToken);
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.accessToken }));
    });

    await waitFor(() => expect(getAccount(walletConfig).status).toBe('disconnected'));
  });
});
