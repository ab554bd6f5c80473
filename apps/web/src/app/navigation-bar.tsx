/**
 * The navigation bar on every page (spec S2 "Navigation bar"): logo, menu
 * links, My account (disabled while signed out), Sign Up / Login or Logout,
 * the Connecté / Non connecté text, the search field, the burger menu at
 * 767 px and below (a visitor's Sign Up / Login stays in view on a row of
 * its own), and the wallet button (connect, address, chain).
 */
import { useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { CloseIcon, MenuIcon } from '../components/ui/icons';
import { Logo, LogoMark } from '../components/ui/logo';
import { WalletButton } from '../features/wallet/components/wallet-button';
import { LEAVES_PAGE_ATTRIBUTE } from '../lib/leave-guard';
import { useRealtimeStatus, type RealtimeStatus } from '../lib/realtime-status';
import { useIsSignedIn } from '../lib/session-store';
import { useT, type MessageKey } from '../lib/i18n/i18n';
import { LanguageSwitch } from './language-switch';
import { NavigationBalance } from './navigation-balance';
import { SearchControl } from './search-control';
import styles from './navigation-bar.module.css';

const MENU_LINKS = [
  { to: '/', label: 'shell.nav.home', end: true },
  { to: '/howtoplay', label: 'shell.nav.howToPlay', end: false },
  { to: '/contact', label: 'shell.nav.contact', end: false },
] as const satisfies readonly { to: string; label: MessageKey; end: boolean }[];

const REALTIME_TEXTS: Record<RealtimeStatus, MessageKey> = {
  live: 'shell.nav.realtimeLive',
  reconnecting: 'shell.nav.realtimeReconnecting',
  offline: 'shell.nav.realtimeOffline',
};

export interface NavigationBarProps {
  onSignInClick: () => void;
  onLogoutClick: () => void;
  /** Hover or focus on Sign Up / Login, Logout: their dialogs may be fetched ahead. */
  onSignInIntent?: () => void;
  onLogoutIntent?: () => void;
}

function linkClassName({ isActive }: { isActive: boolean }) {
  return isActive ? `${styles.link} ${styles.active}` : styles.link;
}

/** The logo, a link home: the full one on wide screens, the mark on narrow ones. */
function HomeLogo() {
  const t = useT();
  return (
    <Link to="/" className={styles.logo} aria-label={t('shell.nav.logoHome')}>
      <span className={styles.logoFull}>
        <Logo />
      </span>
      <span className={styles.logoCompact}>
        <LogoMark />
      </span>
    </Link>
  );
}

/** Signed in or not, and the realtime connection's state (announced to screen readers). */
function ConnectionStatus({ signedIn, realtime }: { signedIn: boolean; realtime: ReturnType<typeof useRealtimeStatus> }) {
  const t = useT();
  return (
    <p
      className={`${styles.status} ${signedIn && realtime === 'live' ? styles.online : ''} ${realtime === 'reconnecting' ? styles.reconnecting : ''}`}
    >
      <span className={styles.dot} aria-hidden="true" />
      <span lang="fr">{signedIn ? t('shell.nav.connected') : t('shell.nav.notConnected')}</span>
      <span className={styles.realtime} data-testid="realtime-status" role="status">
        {t(REALTIME_TEXTS[realtime])}
      </span>
    </p>
  );
}

export function NavigationBar({ onSignInClick, onLogoutClick, onSignInIntent, onLogoutIntent }: NavigationBarProps) {
  const t = useT();
  const signedIn = useIsSignedIn();
  // The realtime connection, not only the session: the signed-in one, or the public one for a visitor.
  const realtime = useRealtimeStatus(signedIn ? 'authenticated' : 'public');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const mobileMenuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const [menuPathname, setMenuPathname] = useState(pathname);

  // Any navigation (a link, the back button) closes the mobile menu.
  if (menuPathname !== pathname) {
    setMenuPathname(pathname);
    setMenuOpen(false);
  }

  function authButton(onDone?: () => void) {
    return signedIn ? (
      <Button
        variant="ghost"
        size="small"
        {...{ [LEAVES_PAGE_ATTRIBUTE]: '' }}
        onPointerEnter={onLogoutIntent}
        onFocus={onLogoutIntent}
        onClick={() => {
          onDone?.();
          onLogoutClick();
        }}
      >
        {t('shell.nav.logout')}
      </Button>
    ) : (
      <Button
        size="small"
        onPointerEnter={onSignInIntent}
        onFocus={onSignInIntent}
        onClick={() => {
          onDone?.();
          onSignInClick();
        }}
      >
        {t('shell.nav.signUpLogin')}
      </Button>
    );
  }

  function accountButton(onDone?: () => void) {
    return (
      <Button
        variant="secondary"
        size="small"
        disabled={!signedIn}
        title={signedIn ? undefined : t('shell.nav.signInToOpenAccount')}
        data-preload="/account"
        {...{ [LEAVES_PAGE_ATTRIBUTE]: '' }}
        onClick={() => {
          onDone?.();
          void navigate('/account');
        }}
      >
        {t('shell.nav.myAccount')}
      </Button>
    );
  }

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <HomeLogo />

        <nav aria-label={t('shell.nav.main')} className={styles.desktopNav}>
          <ul className={styles.links}>
            {MENU_LINKS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={linkClassName}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <NavigationBalance className={styles.balance} />
        {/* Issue 26: on a phone a visitor's Sign Up / Login takes the balance's row (the bar's own row has no room), not only the burger menu. */}
        {signedIn ? null : <div className={styles.phoneSignIn}>{authButton()}</div>}

        <div className={styles.tools}>
          <SearchControl />
          <ConnectionStatus signedIn={signedIn} realtime={realtime} />
          <LanguageSwitch className={styles.desktopLanguage} />
          <div className={styles.wallet}>
            <WalletButton />
          </div>
          <div className={styles.desktopActions}>
            {accountButton()}
            {authButton()}
          </div>
          <Button
            ref={burgerRef}
            variant="ghost"
            size="icon"
            className={styles.burger}
            aria-label={menuOpen ? t('shell.nav.closeMenu') : t('shell.nav.openMenu')}
            aria-expanded={menuOpen}
            aria-controls={mobileMenuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </Button>
        </div>
      </div>

      {menuOpen ? (
        <nav
          id={mobileMenuId}
          aria-label={t('shell.nav.mobileMenu')}
          className={styles.mobileMenu}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              closeMenu();
              burgerRef.current?.focus();
            }
          }}
        >
          <ul className={styles.mobileLinks}>
            {MENU_LINKS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={linkClassName} onClick={closeMenu}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className={styles.mobileActions}>
            {accountButton(closeMenu)}
            {authButton(closeMenu)}
            <LanguageSwitch />
          </div>
        </nav>
      ) : null}
    </header>
  );
}
