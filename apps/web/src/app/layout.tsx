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
import { onSignInRequest } from '../lib/sign-in-request';
import { useLeaveRequest } from '../lib/leave-guard';
import { usePendingForfeit } from '../lib/forfeit-notice';
import { readSignedOutMessage } from '../lib/signed-out-message';
import { Footer } from './footer';
import { NavigationBar } from './navigation-bar';
import { useScrollRestoration } from './scroll-restoration';
import { useT } from '../lib/i18n/i18n';
import styles from './layout.module.css';

const AuthDialog = lazyComponent(() => import('../features/auth/components/auth-dialog').then((module) => module.AuthDialog));
// Issues 19 and 26: the account's states (freeze, withdrawals in review or on hold, limits, time-out, self-exclusion) and the reality check, for signed-in players only.
const AccountStatusBanner = lazyComponent(() =>
  import('../features/account/components/account-status-banner').then((module) => module.AccountStatusBanner),
);
// Issue 27: the notices after a forced sign-out and after a forfeit are rare: chunks of their own, mounted once there is one.
const SignedOutNotice = lazyComponent(() => import('./signed-out-notice').then((module) => module.SignedOutNotice));
const ForfeitBanner = lazyComponent(() => import('./forfeit-banner').then((module) => module.ForfeitBanner));
// Issue 27: asked only when leaving a running game, so a chunk of its own (the dialog's code is not home's first load).
const LeaveGameDialog = lazyComponent(() => import('./leave-game-dialog').then((module) => module.LeaveGameDialog));
const RealityCheckHost = lazyComponent(() => import('./reality-check-host').then((module) => module.RealityCheckHost));
const LogoutDialog = lazyComponent(() =>
  import('../features/auth/components/logout-dialog').then((module) => module.LogoutDialog),
);

interface AuthDialogRequest {
  mode: AuthMode;
  referralCode: string;
  /** Distinguishes openings so each one starts with a fresh form. */
  id: number;
}

/** In the page's place while its chunk loads on a first visit; tall enough that the footer stays out of view. */
function PageLoading() {
  const t = useT();
  return (
    <div className={styles.pageLoading} role="status">
      <Spinner size="small" /> {t('shell.loading')}
    </div>
  );
}

export function Layout() {
  const t = useT();
  useLiveBalance();
  useScrollRestoration();
  const signedIn = useIsSignedIn();
  const leaveRequest = useLeaveRequest();
  const [signedOutNoticeWanted] = useState(() => readSignedOutMessage() !== null);
  // Once a forfeit is pending the banner stays mounted: it shows the notice until dismissed or the page changes.
  const pendingForfeit = usePendingForfeit();
  const [forfeitBannerWanted, setForfeitBannerWanted] = useState(false);
  if (pendingForfeit && !forfeitBannerWanted) setForfeitBannerWanted(true);
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

  // Issue 26: a screen's own way in (home's "Sign in to play and to add funds.") opens the same dialog.
  useEffect(() => onSignInRequest(() => setAuthRequest({ mode: 'sign-in', referralCode: '', id: Date.now() })), []);

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
        {t('shell.skipToContent')}
      </a>
      <NavigationBar
        onSignInClick={() => setAuthRequest({ mode: 'sign-in', referralCode: '', id: Date.now() })}
        onSignInIntent={AuthDialog.preload}
        onLogoutClick={() => setLogoutOpen(true)}
        onLogoutIntent={LogoutDialog.preload}
      />
      {signedIn ? (
        <Suspense fallback={null}>
          <AccountStatusBanner />
          <RealityCheckHost />
        </Suspense>
      ) : null}
      <main id="main-content" className={styles.main} tabIndex={-1}>
        <Suspense fallback={null}>
          {signedIn || !signedOutNoticeWanted ? null : <SignedOutNotice />}
          {forfeitBannerWanted ? <ForfeitBanner /> : null}
        </Suspense>
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
      {leaveRequest ? (
        <Suspense fallback={null}>
          <LeaveGameDialog />
        </Suspense>
      ) : null}
      <WalletHost />
    </div>
  );
}
