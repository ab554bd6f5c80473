/**
 * Issue 27 (decision 042): every catalogue by language and namespace, for the
 * tests and the server. The web imports each module on its own (the French and
 * the pages a visitor does not open are chunks fetched on demand).
 */
import type { Language } from '../language';
import { ACCOUNT_EN } from './en/account';
import { ADMIN_EN } from './en/admin';
import { AUTH_EN } from './en/auth';
import { CONTACT_EN } from './en/contact';
import { DEPOSIT_EN } from './en/deposit';
import { GAME_EN } from './en/game';
import { HOME_EN } from './en/home';
import { HOW_TO_PLAY_EN } from './en/how-to-play';
import { LEGAL_EN } from './en/legal';
import { LOBBY_EN } from './en/lobby';
import { NOTICES_EN } from './en/notices';
import { RECENT_EN } from './en/recent';
import { RESPONSIBLE_GAMING_EN } from './en/responsible-gaming';
import { RESPONSIBLE_GAMING_PAGE_EN } from './en/responsible-gaming-page';
import { SHELL_EN } from './en/shell';
import { SOLVENCY_EN } from './en/solvency';
import { STATUS_EN } from './en/status';
import { UI_EN } from './en/ui';
import { VERIFY_EN } from './en/verify';
import { WALLET_EN } from './en/wallet';
import { ACCOUNT_FR } from './fr/account';
import { ADMIN_FR } from './fr/admin';
import { AUTH_FR } from './fr/auth';
import { CONTACT_FR } from './fr/contact';
import { DEPOSIT_FR } from './fr/deposit';
import { GAME_FR } from './fr/game';
import { HOME_FR } from './fr/home';
import { HOW_TO_PLAY_FR } from './fr/how-to-play';
import { LEGAL_FR } from './fr/legal';
import { LOBBY_FR } from './fr/lobby';
import { NOTICES_FR } from './fr/notices';
import { RECENT_FR } from './fr/recent';
import { RESPONSIBLE_GAMING_FR } from './fr/responsible-gaming';
import { RESPONSIBLE_GAMING_PAGE_FR } from './fr/responsible-gaming-page';
import { SHELL_FR } from './fr/shell';
import { SOLVENCY_FR } from './fr/solvency';
import { STATUS_FR } from './fr/status';
import { UI_FR } from './fr/ui';
import { VERIFY_FR } from './fr/verify';
import { WALLET_FR } from './fr/wallet';

export const CATALOGUES = {
  en: {
    shell: SHELL_EN,
    home: HOME_EN,
    recent: RECENT_EN,
    notices: NOTICES_EN,
    game: GAME_EN,
    lobby: LOBBY_EN,
    contact: CONTACT_EN,
    howToPlay: HOW_TO_PLAY_EN,
    responsibleGaming: RESPONSIBLE_GAMING_EN,
    responsibleGamingPage: RESPONSIBLE_GAMING_PAGE_EN,
    account: ACCOUNT_EN,
    status: STATUS_EN,
    auth: AUTH_EN,
    deposit: DEPOSIT_EN,
    wallet: WALLET_EN,
    ui: UI_EN,
    admin: ADMIN_EN,
    legal: LEGAL_EN,
    solvency: SOLVENCY_EN,
    verify: VERIFY_EN,
  },
  fr: {
    shell: SHELL_FR,
    home: HOME_FR,
    recent: RECENT_FR,
    notices: NOTICES_FR,
    game: GAME_FR,
    lobby: LOBBY_FR,
    contact: CONTACT_FR,
    howToPlay: HOW_TO_PLAY_FR,
    responsibleGaming: RESPONSIBLE_GAMING_FR,
    responsibleGamingPage: RESPONSIBLE_GAMING_PAGE_FR,
    account: ACCOUNT_FR,
    status: STATUS_FR,
    auth: AUTH_FR,
    deposit: DEPOSIT_FR,
    wallet: WALLET_FR,
    ui: UI_FR,
    admin: ADMIN_FR,
    legal: LEGAL_FR,
    solvency: SOLVENCY_FR,
    verify: VERIFY_FR,
  },
} as const satisfies Record<Language, object>;

export type CatalogueNamespace = keyof (typeof CATALOGUES)['en'];
