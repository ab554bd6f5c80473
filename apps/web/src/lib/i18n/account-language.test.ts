/** Issue 27: at sign-in the page takes the account's language; an account without one is given this browser's. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFetch, jsonResponse } from '../../test/fetch-mock';
import { signInAs } from '../../test/render-app';
import { adoptAccountLanguage } from './account-language';
import { activateLanguage, currentLanguage, translate } from './i18n';
import { LANGUAGE_STORAGE_KEY, rememberLanguage } from './language-preference';

afterEach(async () => {
  await activateLanguage('en');
  document.documentElement.lang = 'en';
});

function accountAnswers(language: unknown) {
  return installFetch((request) =>
    request.url === '/api/account' && request.method === 'GET'
      ? jsonResponse(200, { language })
      : request.url === '/api/account/preferences'
        ? jsonResponse(200, { language: request.body && (request.body as { language: string }).language })
        : jsonResponse(404, {}),
  );
}

describe('adoptAccountLanguage', () => {
  it('switches every text to the account’s language, sets <html lang> and remembers it, without a PATCH', async () => {
    signInAs('token-1');
    const { requests } = accountAnswers('fr');
    await adoptAccountLanguage();
    expect(currentLanguage()).toBe('fr');
    expect(translate('shell.nav.home')).toBe('Accueil');
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(0);
  });

  it('wins over what this browser remembered (the account is the player’s choice everywhere)', async () => {
    signInAs('token-1');
    rememberLanguage('fr');
    await activateLanguage('fr');
    accountAnswers('en');
    await adoptAccountLanguage();
    expect(currentLanguage()).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('gives an account that never chose the language this browser remembers', async () => {
    signInAs('token-1');
    rememberLanguage('fr');
    const { requests } = accountAnswers(null);
    await adoptAccountLanguage();
    expect(requests.filter((request) => request.method === 'PATCH')).toEqual([
      expect.objectContaining({ url: '/api/account/preferences', body: { language: 'fr' } }),
    ]);
  });

  it('changes nothing when neither the account nor this browser has chosen', async () => {
    signInAs('token-1');
    const { requests } = accountAnswers(null);
    await adoptAccountLanguage();
    expect(currentLanguage()).toBe('en');
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(0);
  });

  it('keeps the page’s language when the account cannot be read', async () => {
    signInAs('token-1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFetch(() => jsonResponse(500, {}));
    await expect(adoptAccountLanguage()).resolves.toBeUndefined();
    expect(currentLanguage()).toBe('en');
  });
});
