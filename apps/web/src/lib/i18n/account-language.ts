/**
 * Issue 27: at sign-in (e-mail or wallet) the player sees their language — the
 * one their account keeps (`GET /api/account` carries `language`), which the
 * page switches to and this browser remembers. An account that never chose
 * one (`null`) is given the language this browser remembers, so that mails and
 * notices follow it. Outside the first load: the sign-in flows import it.
 *
 * `accessToken`: the session's, before it is stored — the e-mail sign-in asks
 * first and stores the session after, so that nothing shows the page signed in
 * until it reloads (in that language).
 */
import { apiRequest } from '../api-client';
import { currentLanguage } from './i18n';
import { ACCOUNT_PREFERENCES_PATH, isLanguage, rememberedLanguage, rememberLanguage, showLanguage } from './language-preference';

export async function adoptAccountLanguage(accessToken?: string): Promise<void> {
  const headers = accessToken ? { Authorization: accessToken } : undefined;
  try {
    const account = await apiRequest('/api/account', { method: 'GET', headers });
    const stored = typeof account === 'object' && account !== null && 'language' in account ? account.language : null;
    if (isLanguage(stored)) {
      if (stored !== currentLanguage()) await showLanguage(stored);
      rememberLanguage(stored);
      return;
    }
    const remembered = rememberedLanguage();
    if (remembered !== null)
      await apiRequest(ACCOUNT_PREFERENCES_PATH, { method: 'PATCH', body: { language: remembered }, headers });
  } catch (error) {
    // The page stays in the language it shows; the account's is tried again at the next sign-in.
    console.error('The account language could not be read', error);
  }
}
