/**
 * The page frame: navigation bar on every page, the page, the footer; the
 * app-wide modals the bar opens (sign-in / sign-up, logout confirmation), each
 * a chunk of its own fetched when first opened (or hovered); and the wallet
 * stack's host, which mounts the stack beside the page when it is asked for.
 */
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useNavigate, useSearchParams } from 'react-router';
import { REFERRAL_QUERY_PARAM } from '@shifumi/protocol/constants';
import type { AuthMode } from '../features/auth/components/auth-dialog';
import { useLiveBalance } from '../features/account/hooks/use-live-balance';
import { WalletHost } from '../features/wallet/components/wallet-host';
import { Spinner } from '../components/ui/spinner';
import { lazyComponent } from '../lib/lazy-component';
import { useIsSignedIn } from '../lib/session-store';
import { Footer } from './footer';
import { ForfeitBanner } from './forfeit-banner';
import { LeaveGameDialog } from './leave-game-dialog';
import { NavigationBar } from './navigation-bar';
import { useScrollRestoration } from './scroll-restoration';
import styles from './layout.module.css';

const AuthDialog = lazyComponent(() => import('../features/auth/components/auth-dialog').then((module) => module.AuthDialog));
// Issue 19: the time-out / self-exclusion banner and the reality check, for signed-in players only.
const ProtectionBanner = lazyComponent(() =>
  import('../features/responsible-gaming/components/protection-banner').then((module) => module.ProtectionBanner),
);
const RealityCheckHost = lazyComponent(() => import('./reality-check-host').then((module) => module.RealityCheckHost));
const LogoutDialog = lazyComponent(() => import('../features/auth/components/logout-dialog').then((module) => module.LogoutDialog));

interface AuthDialogRequest {
  mode: AuthMode;
  referralCode: string;
  /** Distinguishes openings so each one starts with a fresh form. */
  id: number;
}

/** In the page's place while its chunk loads on a first visit; tall enough that the footer stays out of view. */
function PageLoading() {
  return (
    <div className={styles.pageLoading} role="status">
      <Spinner size="small" /> Loading…
    </div>
  );
}

export function Layout() {
  useLiveBalance();
  useScrollRestoration();
  const signedIn = useIsSignedIn();
  const [authRequest, setAuthRequest] = useState<AuthDialogRequest | null>(null);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const referralCode = searchParams.get(REFERRAL_QUERY_PARAM);
  // Issue 24: a game started from a challenge opens the game screen from any page (its code fetched after the first load).
  const navigate = useNavigate();
  useEffect(() => {
    const stopping = import('./challenge-game-navigation').then((module) => module.followChallengeGames(navigate));
    return () => void stopping.then((stop) => stop());
  }, [navigate]);

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
        onSignInIntent={AuthDialog.preload}
        onLogoutClick={() => setLogoutOpen(true)}
        onLogoutIntent={LogoutDialog.preload}
      />
      {signedIn ? (
        <Suspense fallback={null}>
          <ProtectionBanner />
          <RealityCheckHost />
        </Suspense>
      ) : null}
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <ForfeitBanner />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {/* The dialogs suspend on their own while their chunk loads: the page stays as it is. */}
      <Suspense fallback={null}>
        {authRequest ? (
          <AuthDialog
            key={authRequest.id}
            initialMode={authRequest.mode}
            initialReferralCode={authRequest.referralCode}
            onClose={() => setAuthRequest(null)}
          />
        ) : null}
        {logoutOpen ? <LogoutDialog onClose={() => setLogoutOpen(false)} /> : null}
      </Suspense>
      <LeaveGameDialog />
      <WalletHost />
    </div>
  );
}
