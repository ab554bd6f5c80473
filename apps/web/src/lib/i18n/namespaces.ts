/**
 * Issue 27: the catalogues loaded on demand, each language a chunk of its own.
 * Only `import()` here: what lists them costs the first load a few bytes.
 */
import type { NamespaceLoaders } from './i18n';

export const RECENT_TEXTS: NamespaceLoaders = {
  en: () => import('@shifumi/protocol/catalogue/en/recent').then((module) => module.RECENT_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/recent').then((module) => module.RECENT_FR),
};

export const NOTICE_TEXTS: NamespaceLoaders = {
  en: () => import('@shifumi/protocol/catalogue/en/notices').then((module) => module.NOTICES_EN),
  fr: () => import('@shifumi/protocol/catalogue/fr/notices').then((module) => module.NOTICES_FR),
};
