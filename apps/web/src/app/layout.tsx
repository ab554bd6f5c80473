/**
 * The page frame: navigation bar on every page, the page, the footer; and the
 * app-wide modals the bar opens (sign-in / sign-up, logout confirmation).
 */
import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useSearchParams } from 'react-router';
import { REFERRAL_QUERY_PARAM } from '@shifumi/protocol';
import { AuthDialog, type AuthMode } from '../features/auth/components/auth-dialog';
import { LogoutDialog } from '../features/auth/components/logout-dialog';
import { useIsSignedIn } from '../lib/session-store';
import { useLiveBalance } from '../features/account/hooks/use-live-balance';
import { Footer } from './footer';
import { NavigationBar } from './navigation-bar';
import styles from './layout.module.css';

interface AuthDialogRequest {
  mode: AuthMode;
  referralCode: string;
  /** Distinguishes openings so each one starts with a fresh form. */
  id: number;
}

export function Layout() {
  useLiveBalance();
  const signedIn = useIsSignedIn();
  const [authRequest, setAuthRequest] = useState<AuthDialogRequest | null>(null);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const referralCode = searchParams.get(REFERRAL_QUERY_PARAM);

  // A referral link (/?ref=CODE) opens sign-up with the code filled in. The
  // parameter is then dropped from the address so a later reload does not
  // open the form again.
  useEffect(() => {
    if (referralCode === null) return;
    if (!signedIn) setAuthRequest({ mode: 'sign-up', referralCode: referralCode.trim(), id: Date.now() });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(REFERRAL_QUERY_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [referralCode, signedIn, setSearchParams]);

  return (
    <div className={styles.shell}>
      <a href="#main-content" className={styles.skipLink}>
        Skip to content
      </a>
      <NavigationBar
        onSignInClick={() => setAuthRequest({ mode: 'sign-in', referralCode: '', id: Date.now() })}
        onLogoutClick={() => setLogoutOpen(true)}
      />
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {authRequest ? (
        <AuthDialog
          key={authRequest.id}
          initialMode={authRequest.mode}
          initialReferralCode={authRequest.referralCode}
          onClose={() => setAuthRequest(null)}
        />
      ) : null}
      {logoutOpen ? <LogoutDialog onClose={() => setLogoutOpen(false)} /> : null}
      <ScrollRestoration />
    </div>
  );
}
