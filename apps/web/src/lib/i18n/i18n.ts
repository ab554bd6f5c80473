/**
 * Issue 27 (decision 042): the app's language and its texts, through Lingui's
 * runtime. English (the spec's words) is in the first load; another language's
 * texts are a chunk fetched when that language is chosen (or preferred by the
 * browser, before the first paint). Components read texts with `useT()` and
 * re-render, all at once, when the language changes.
 */
import { useSyncExternalStore } from 'react';
import { setupI18n } from '@lingui/core';
import type { Language } from '@shifumi/protocol/language';
import { flattenMessages, type MessageKeys } from '@shifumi/protocol/catalogue/types';
import { HOME_EN } from '@shifumi/protocol/catalogue/en/home';
import { SHELL_EN } from '@shifumi/protocol/catalogue/en/shell';
import type { NOTICES_EN } from '@shifumi/protocol/catalogue/en/notices';
import type { RECENT_EN } from '@shifumi/protocol/catalogue/en/recent';
import type { CONTACT_EN } from '@shifumi/protocol/catalogue/en/contact';
import type { GAME_EN } from '@shifumi/protocol/catalogue/en/game';
import type { HOW_TO_PLAY_EN } from '@shifumi/protocol/catalogue/en/how-to-play';
import type { LOBBY_EN } from '@shifumi/protocol/catalogue/en/lobby';
import type { RESPONSIBLE_GAMING_EN } from '@shifumi/protocol/catalogue/en/responsible-gaming';
import type { RESPONSIBLE_GAMING_PAGE_EN } from '@shifumi/protocol/catalogue/en/responsible-gaming-page';
import type { ACCOUNT_EN } from '@shifumi/protocol/catalogue/en/account';
import type { AUTH_EN } from '@shifumi/protocol/catalogue/en/auth';
import type { DEPOSIT_EN } from '@shifumi/protocol/catalogue/en/deposit';
import type { STATUS_EN } from '@shifumi/protocol/catalogue/en/status';
import type { UI_EN } from '@shifumi/protocol/catalogue/en/ui';
import type { WALLET_EN } from '@shifumi/protocol/catalogue/en/wallet';
import type { ADMIN_EN } from '@shifumi/protocol/catalogue/en/admin';
import type { LEGAL_EN } from '@shifumi/protocol/catalogue/en/legal';
import type { SOLVENCY_EN } from '@shifumi/protocol/catalogue/en/solvency';
import type { VERIFY_EN } from '@shifumi/protocol/catalogue/en/verify';

/** What the first load's catalogue holds; a page's own namespace joins it when the page's chunk loads. */
const FIRST_LOAD_EN = { shell: SHELL_EN, home: HOME_EN };
export type FirstLoadTexts = typeof FIRST_LOAD_EN;
/** The namespaces loaded on demand (`loadNamespace`), by name. */
interface OnDemandTexts {
  recent: typeof RECENT_EN;
  notices: typeof NOTICES_EN;
  game: typeof GAME_EN;
  lobby: typeof LOBBY_EN;
  contact: typeof CONTACT_EN;
  howToPlay: typeof HOW_TO_PLAY_EN;
  responsibleGaming: typeof RESPONSIBLE_GAMING_EN;
  responsibleGamingPage: typeof RESPONSIBLE_GAMING_PAGE_EN;
  account: typeof ACCOUNT_EN;
  status: typeof STATUS_EN;
  auth: typeof AUTH_EN;
  deposit: typeof DEPOSIT_EN;
  wallet: typeof WALLET_EN;
  ui: typeof UI_EN;
  admin: typeof ADMIN_EN;
  legal: typeof LEGAL_EN;
  solvency: typeof SOLVENCY_EN;
  verify: typeof VERIFY_EN;
}
export type Namespace = keyof OnDemandTexts;
export type MessageKey = MessageKeys<FirstLoadTexts & OnDemandTexts>;

/** The languages the app speaks (`LANGUAGES` itself lives beside zod, which the first load must not carry). */
export const APP_LANGUAGES = ['en', 'fr'] as const satisfies readonly Language[];

/** The locale `Intl` writes numbers and dates in, per language. */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR' };

/** Each language but English: its first-load texts, a chunk of their own. */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Record<string, string>>> = {
  fr: () => import('./first-load-fr').then((module) => module.FIRST_LOAD_FR),
};

export const i18n = setupI18n();
// A production build ships every message with `{…}` compiled (tooling/compile-catalogues.ts) and Lingui's runtime
// without its compiler; a plain text needs no compiling, but Lingui, finding no compiler, warned "Uncompiled message
// detected!" on the console at every lookup of one, flooding every player's console. Plain texts pass as they are.
// (Development and tests keep Lingui's own compiler, which compiles the catalogues' ICU at run time.)
// Lingui takes a string back as it took a stored string (its type says compiled tokens only).
type MessageCompiler = Parameters<typeof i18n.setMessagesCompiler>[0];
if (import.meta.env.PROD) i18n.setMessagesCompiler(((message: string) => message) as unknown as MessageCompiler);
i18n.load('en', flattenMessages(FIRST_LOAD_EN));
i18n.activate('en');

const loaded = new Set<string>(['en']);

/** A namespace's catalogue in each language, each a chunk of its own. */
export type NamespaceLoaders = Record<Language, () => Promise<object>>;
const namespaces = new Map<Namespace, NamespaceLoaders>();

async function loadNamespaceIn(language: Language, name: Namespace): Promise<void> {
  const loaders = namespaces.get(name);
  if (!loaders || loaded.has(`${language}:${name}`)) return;
  i18n.load(language, flattenMessages(await loaders[language](), `${name}.`));
  loaded.add(`${language}:${name}`);
}

/**
 * A page's (or a notice's) texts, loaded on demand in the current language,
 * and in each language chosen afterwards: await it before showing them.
 */
export function loadNamespace(name: Namespace, loaders: NamespaceLoaders): Promise<void> {
  namespaces.set(name, loaders);
  return loadNamespaceIn(currentLanguage(), name);
}

/** Loads a language's texts (once: the first load's and every namespace in use) and makes it the one every text is read in. */
export async function activateLanguage(language: Language): Promise<void> {
  const pending: Promise<void>[] = [...namespaces.keys()].map((name) => loadNamespaceIn(language, name));
  if (!loaded.has(language) && language !== 'en') {
    pending.push(LOADERS[language]().then((messages) => i18n.load(language, messages)));
    loaded.add(language);
  }
  await Promise.all(pending);
  i18n.activate(language);
}

/** The language texts are read in now. */
export function currentLanguage(): Language {
  return i18n.locale === 'fr' ? 'fr' : 'en';
}

function subscribe(listener: () => void): () => void {
  return i18n.on('change', listener);
}

/** The current language; the component re-renders when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/** A text of the catalogue, in the current language, with its ICU values (plurals by Lingui's rules). */
export function translate(key: MessageKey, values?: Record<string, unknown>): string {
  return i18n._(key, values);
}

/** `t(key, values)` for a component: it re-renders with every text when the language changes. */
export function useT(): typeof translate {
  useLanguage();
  return translate;
}

/** The `Intl` locale of the current language, for the format helpers (lib/money-format.ts); re-renders on a change. */
export function useIntlLocale(): string {
  return INTL_LOCALES[useLanguage()];
}
