/**
 * Issue 27: which language a visitor reads. The one they chose (remembered in
 * this browser, and on their account once signed in, so that mails and
 * notices follow), else French when their browser prefers French to English,
 * else English. `<html lang>` follows.
 */
import type { Language } from '@shifumi/protocol/language';
import { apiRequest } from '../api-client';
import { isSignedIn } from '../session-store';
import { activateLanguage, APP_LANGUAGES } from './i18n';

export const LANGUAGE_STORAGE_KEY = 'shifumi.language';
export const ACCOUNT_PREFERENCES_PATH = '/api/account/preferences';

export function isLanguage(value: unknown): value is Language {
  return (APP_LANGUAGES as readonly unknown[]).includes(value);
}

/** The browser's preference: the first of its languages the app speaks (`fr-CA` is French), English when none. */
export function preferredLanguage(browserLanguages: readonly string[]): Language {
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

export function rememberedLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Remembers the language in this browser (the next visit starts in it). */
export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode may refuse storage: the choice still holds for this visit.
  }
}

/** The language to start in: the remembered choice, else the browser's preference. */
export function initialLanguage(): Language {
  return rememberedLanguage() ?? preferredLanguage(navigator.languages ?? [navigator.language]);
}

/** Every text in `language` now, and `<html lang>`. */
export async function showLanguage(language: Language): Promise<void> {
  await activateLanguage(language);
  document.documentElement.lang = language;
}

/** Before the first paint: the starting language's texts (a chunk for French), and `<html lang>`. */
export function startLanguage(): Promise<void> {
  return showLanguage(initialLanguage()).catch(() => showLanguage('en'));
}

/** The switch: every text changes at once; the choice is remembered here and, signed in, on the account. */
export async function chooseLanguage(language: Language): Promise<void> {
  await showLanguage(language);
  rememberLanguage(language);
  if (isSignedIn()) {
    // The account's language is for mails and notices; the page has switched already, so a failure only waits for the next choice.
    await apiRequest(ACCOUNT_PREFERENCES_PATH, { method: 'PATCH', body: { language } }).catch(() => undefined);
  }
}
