/**
 * The navigation bar on every page (spec S2 "Navigation bar"): logo, menu
 * links, My account (disabled while signed out), Sign Up / Login or Logout,
 * the Connecté / Non connecté text, the search field, the burger menu at
 * 767 px and below, and the wallet button (connect, address, chain).
 */
import { useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { TEXTS } from '@shifumi/protocol/texts';
import { Button } from '../components/ui/button';
import { CloseIcon, MenuIcon } from '../components/ui/icons';
import { Logo, LogoMark } from '../components/ui/logo';
import { WalletButton } from '../features/wallet/components/wallet-button';
import { LEAVES_PAGE_ATTRIBUTE } from '../lib/leave-guard';
import { useRealtimeStatus, type RealtimeStatus } from '../lib/realtime-status';
import { useIsSignedIn } from '../lib/session-store';
import { NavigationBalance } from './navigation-balance';
import { SearchControl } from './search-control';
import styles from './navigation-bar.module.css';

const MENU_LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/howtoplay', label: 'How to play ?', end: false },
  { to: '/contact', label: 'Contact us', end: false },
] as const;

const REALTIME_TEXTS: Record<RealtimeStatus, string> = {
  live: TEXTS.realtimeLive,
  reconnecting: TEXTS.realtimeReconnecting,
  offline: TEXTS.realtimeOffline,
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

export function NavigationBar({ onSignInClick, onLogoutClick, onSignInIntent, onLogoutIntent }: NavigationBarProps) {
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
        Logout
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
        Sign Up / Login
      </Button>
    );
  }

  function accountButton(onDone?: () => void) {
    return (
      <Button
        variant="secondary"
        size="small"
        disabled={!signedIn}
        title={signedIn ? undefined : 'Sign in to open your account'}
        data-preload="/account"
        {...{ [LEAVES_PAGE_ATTRIBUTE]: '' }}
        onClick={() => {
          onDone?.();
          void navigate('/account');
        }}
      >
        My account
      </Button>
    );
  }

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/" className={styles.logo} aria-label="Shifumi home">
          <span className={styles.logoFull}>
            <Logo />
          </span>
          <span className={styles.logoCompact}>
            <LogoMark />
          </span>
        </Link>

        <nav aria-label="Main" className={styles.desktopNav}>
          <ul className={styles.links}>
            {MENU_LINKS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={linkClassName}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <NavigationBalance className={styles.balance} />

        <div className={styles.tools}>
          <SearchControl />
          <p className={`${styles.status} ${signedIn && realtime === 'live' ? styles.online : ''} ${realtime === 'reconnecting' ? styles.reconnecting : ''}`}>
            <span className={styles.dot} aria-hidden="true" />
            <span lang="fr">{signedIn ? TEXTS.connected : TEXTS.notConnected}</span>
            <span className={styles.realtime} data-testid="realtime-status" role="status">
              {REALTIME_TEXTS[realtime]}
            </span>
          </p>
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
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
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
          aria-label="Mobile menu"
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
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className={styles.mobileActions}>
            {accountButton(closeMenu)}
            {authButton(closeMenu)}
          </div>
        </nav>
      ) : null}
    </header>
  );
}
