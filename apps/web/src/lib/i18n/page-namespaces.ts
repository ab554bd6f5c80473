/**
 * Issue 27: the catalogues of the pages a visitor opens on demand (the game,
 * practice, the search's offers and challenges, contact, how to play,
 * responsible gaming, the console, the legal, solvency and verify pages), each
 * language a chunk of its own. Apart from namespaces.ts, which home's first
 * load imports: only the pages' chunks import this file, so these loaders cost
 * the first load nothing. A page awaits its texts before it shows (`await
 * loadNamespace(…)` at its module's top, or `with-namespace.tsx`), so a page
 * never shows a key.
 */
import type { NamespaceLoaders } from './i18n';

export const GAME_TEXTS: NamespaceLoaders = {
  en: () => import('@shifumi/protocol/catalogue/en/game').then((module) => module.GAME_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/game').then((module) => module.GAME_FR),
};

export const LOBBY_TEXTS: NamespaceLoaders = {
  en: () => import('@shifumi/protocol/catalogue/en/lobby').then((module) => module.LOBBY_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/lobby').then((module) => module.LOBBY_FR),
};

export const CONTACT_TEXTS: NamespaceLoaders = {
  en: () => import('@shifumi/protocol/catalogue/en/contact').then((module) => module.CONTACT_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/contact').then((module) => module.CONTACT_FR),
};

export const HOW_TO_PLAY_TEXTS: NamespaceLoaders = {
  en: () => import('@shifumi/protocol/catalogue/en/how-to-play').then((module) => module.HOW_TO_PLAY_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/how-to-play').then((module) => module.HOW_TO_PLAY_FR),
};

export const RESPONSIBLE_GAMING_TEXTS: NamespaceLoaders = {
  en: () => import('@shifumi/protocol/catalogue/en/responsible-gaming').then((module) => module.RESPONSIBLE_GAMING_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/responsible-gaming').then((module) => module.RESPONSIBLE_GAMING_FR),
};

export const RESPONSIBLE_GAMING_PAGE_TEXTS: NamespaceLoaders = {
  en: () => import('@shifumi/protocol/catalogue/en/responsible-gaming-page').then((module) => module.RESPONSIBLE_GAMING_PAGE_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/responsible-gaming-page').then((module) => module.RESPONSIBLE_GAMING_PAGE_FR),
};

/** The operator's console (/admin), fetched by its gate. */
export const ADMIN_TEXTS: NamespaceLoaders = {
  en: () => import('@shifumi/protocol/catalogue/en/admin').then((module) => module.ADMIN_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/admin').then((module) => module.ADMIN_FR),
};

/** The footer's Terms and Privacy pages. */
export const LEGAL_TEXTS: NamespaceLoaders = {
  en: () => import('@shifumi/protocol/catalogue/en/legal').then((module) => module.LEGAL_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/legal').then((module) => module.LEGAL_FR),
};

/** The proof of solvency page (/solvency). */
export const SOLVENCY_TEXTS: NamespaceLoaders = {
  en: () => import('@shifumi/protocol/catalogue/en/solvency').then((module) => module.SOLVENCY_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/solvency').then((module) => module.SOLVENCY_FR),
};

/** The game verification page (/verify). */
export const VERIFY_TEXTS: NamespaceLoaders = {
  en: () => import('@shifumi/protocol/catalogue/en/verify').then((module) => module.VERIFY_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/verify').then((module) => module.VERIFY_FR),
};
