import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS, TEXTS } from '@shifumi/protocol';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { reloadPage } from '../../../lib/page-navigation';
import { actionRequests, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, renderAppWithWalletOnDemand, signInAs } from '../../../test/render-app';
import { AUTH_EN } from '@shifumi/protocol/catalogue/en/auth';

vi.mock('../../../lib/page-navigation', () => ({ reloadPage: vi.fn(), loadPage: vi.fn() }));

async function openConfirmation() {
  signInAs('token-1');
  const view = renderApp('/');
  await view.user.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
  const dialog = screen.getByRole('dialog', { name: 'Confirmation de Déconnexion' });
  return { ...view, dialog };
}

describe('logout confirmation', () => {
  afterEach(() => activateLanguage('en'));

  it('asks in French with Oui and Non', async () => {
    installFetch((request) => backgroundReads(request) ?? jsonResponse(200, {}));
    const { dialog } = await openConfirmation();
    expect(within(dialog).getByRole('heading').textContent).toBe('Confirmation de Déconnexion');
    expect(within(dialog).getByText('Êtes-vous sûr de vouloir vous déconnecter ?')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([AUTH_EN.logout.yes, AUTH_EN.logout.no]);
  });

  it('says the same French words to a French reader, marked as French (issue 27)', async () => {
    await activateLanguage('fr');
    installFetch((request) => backgroundReads(request) ?? jsonResponse(200, {}));
    signInAs('token-1');
    const view = renderApp('/');
    await view.user.click(screen.getAllByRole('button', { name: 'Déconnexion' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Confirmation de Déconnexion' });
    expect(within(dialog).getByText('Êtes-vous sûr de vouloir vous déconnecter ?').getAttribute('lang')).toBe('fr');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Oui', 'Non']);
  });

  it('Non closes it and keeps the session', async () => {
    const { requests } = installFetch((request) => backgroundReads(request) ?? jsonResponse(200, {}));
    const { user, dialog } = await openConfirmation();

    await user.click(within(dialog).getByRole('button', { name: 'Non' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(actionRequests(requests)).toHaveLength(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('token-1');
    expect(screen.getByText(TEXTS.connected)).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('Oui calls logout, clears token and user, and reloads', async () => {
    const { requests } = installFetch(
      (request) => backgroundReads(request) ?? jsonResponse(200, { message: 'You have been signed out.' }),
    );
    const { user, dialog } = await openConfirmation();

    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(actionRequests(requests).map((request) => [request.method, request.url])).toEqual([['POST', '/api/auth/logout']]);
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(screen.getByText(TEXTS.notConnected)).toBeTruthy();
  });

  it('Oui disconnects and forgets the wallet this browser had connected', async () => {
    installFetch((request) => backgroundReads(request) ?? jsonResponse(200, { message: 'You have been signed out.' }));
    signInAs('token-1');
    window.localStorage.setItem(STORAGE_KEYS.walletConnector, 'io.metamask');
    const { user } = renderAppWithWalletOnDemand('/');
    await user.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Confirmation de Déconnexion' })).getByRole('button', { name: 'Oui' }),
    );

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem(STORAGE_KEYS.walletConnector)).toBeNull();
  });

  it('Oui still signs out locally when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    installFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { user, dialog } = await openConfirmation();

    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });
});
