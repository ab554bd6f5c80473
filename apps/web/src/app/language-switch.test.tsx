import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { activateLanguage } from '../lib/i18n/i18n';
import { LANGUAGE_STORAGE_KEY, preferredLanguage } from '../lib/i18n/language-preference';
import { actionRequests, backgroundReads, installFetch, jsonResponse } from '../test/fetch-mock';
import { renderApp, signInAs } from '../test/render-app';

afterEach(async () => {
  await activateLanguage('en');
  document.documentElement.lang = 'en';
});

describe('the language (issue 27)', () => {
  it('prefers French only when the browser puts French before English', () => {
    expect(preferredLanguage(['fr-FR', 'en-US'])).toBe('fr');
    expect(preferredLanguage(['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(preferredLanguage(['en-GB', 'fr'])).toBe('en');
    expect(preferredLanguage(['de-DE'])).toBe('en');
    expect(preferredLanguage([])).toBe('en');
  });

  it('switches every text at once from the footer, keeps the page, sets <html lang> and remembers the choice', async () => {
    const { user, router } = renderApp('/contact');
    expect(screen.getByRole('link', { name: 'Shifumi home' })).toBeTruthy();
    expect(screen.getByText('Non connecté')).toBeTruthy();

    const footer = screen.getByRole('contentinfo');
    await user.selectOptions(within(footer).getByTestId('language-switch'), 'fr');

    await waitFor(() => expect(screen.getByRole('link', { name: 'Accueil de Shifumi' })).toBeTruthy());
    expect(within(screen.getByRole('navigation', { name: 'Principale' })).getByRole('link', { name: 'Accueil' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Confidentialité' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mon compte' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/contact');
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    // Every switch on the page shows the language in force.
    for (const select of screen.getAllByTestId('language-switch')) expect((select as HTMLSelectElement).value).toBe('fr');

    await user.selectOptions(within(footer).getByTestId('language-switch'), 'en');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Shifumi home' })).toBeTruthy());
    expect(screen.getByText('Non connecté')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('signed in, tells the account (PATCH /api/account/preferences)', async () => {
    signInAs();
    const { requests } = installFetch(
      (request) =>
        backgroundReads(request) ??
        (request.url.endsWith('/api/account/preferences') ? jsonResponse(200, { language: 'fr' }) : jsonResponse(404, {})),
    );
    const { user } = renderApp('/');
    await user.selectOptions(within(screen.getByRole('contentinfo')).getByTestId('language-switch'), 'fr');
    await waitFor(() =>
      expect(actionRequests(requests).map((request) => [request.method, request.url, request.body])).toContainEqual([
        'PATCH',
        '/api/account/preferences',
        { language: 'fr' },
      ]),
    );
    expect(screen.getByText('Connecté')).toBeTruthy();
  });

  it('says plurals by the language rules', async () => {
    const { translate } = await import('../lib/i18n/i18n');
    expect(translate('home.online.players', { count: 1 })).toBe('player online');
    expect(translate('home.online.players', { count: 2 })).toBe('players online');
    await activateLanguage('fr');
    expect(translate('home.online.players', { count: 0 })).toBe('joueur en ligne');
    expect(translate('home.online.players', { count: 1 })).toBe('joueur en ligne');
    expect(translate('home.online.players', { count: 1234 })).toBe('joueurs en ligne');
  });
});
