/**
 * Issue 27 (decision 052): the server's texts by language. A transport picks
 * the reader's language once (the player's preference, `Accept-Language`,
 * else `en`) and reads every sentence it answers with from here.
 */
import type { Language } from './language';
import { ACCOUNT_SECURITY_TEXTS, RESPONSIBLE_GAMING_TEXTS, SERVER_TEXTS, SOCKET_TEXTS, type Translation } from './server-texts';
import {
  ACCOUNT_SECURITY_TEXTS_FR,
  RESPONSIBLE_GAMING_TEXTS_FR,
  SERVER_TEXTS_FR,
  SOCKET_TEXTS_FR,
  WALLET_REPLIES_FR,
} from './server-texts-fr';
import { SIWE_TEXTS } from './wallet';

const WALLET_REPLIES_EN = { alreadyLinked: SIWE_TEXTS.alreadyLinked, walletLinked: SIWE_TEXTS.walletLinked } as const;

/** One language's server texts. */
export interface ServerCatalogue {
  server: Translation<typeof SERVER_TEXTS>;
  socket: Translation<typeof SOCKET_TEXTS>;
  responsibleGaming: Translation<typeof RESPONSIBLE_GAMING_TEXTS>;
  accountSecurity: Translation<typeof ACCOUNT_SECURITY_TEXTS>;
  wallet: Translation<typeof WALLET_REPLIES_EN>;
}

export const SERVER_CATALOGUES: Readonly<Record<Language, ServerCatalogue>> = {
  en: {
    server: SERVER_TEXTS,
    socket: SOCKET_TEXTS,
    responsibleGaming: RESPONSIBLE_GAMING_TEXTS,
    accountSecurity: ACCOUNT_SECURITY_TEXTS,
    wallet: WALLET_REPLIES_EN,
  },
  fr: {
    server: SERVER_TEXTS_FR,
    socket: SOCKET_TEXTS_FR,
    responsibleGaming: RESPONSIBLE_GAMING_TEXTS_FR,
    accountSecurity: ACCOUNT_SECURITY_TEXTS_FR,
    wallet: WALLET_REPLIES_FR,
  },
};

/** The server's texts in `language`. */
export function serverTexts(language: Language): ServerCatalogue {
  return SERVER_CATALOGUES[language];
}
