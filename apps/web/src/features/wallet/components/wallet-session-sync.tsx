/**
 * Keeps the app's session and the wallet connection consistent:
 * - signing out (the Logout button, another tab, a forced disconnect, a
 *   refused refresh) disconnects the wallet too;
 * - a session opened by Sign-In With Ethereum is bound to its address: it ends
 *   when that wallet disconnects or switches to another account. An e-mail
 *   session is not affected by the wallet at all.
 *
 * This is decided here, from wagmi's state, rather than in the adapter's
 * signOut callback: RainbowKit calls that on wallet events whose order against
 * wagmi's own state updates is not guaranteed, while wagmi's state is final.
 */
import { useEffect, useRef } from 'react';
import { useAccount, useDisconnect } from 'wagmi';
import { useSession } from '../../../lib/session-store';
import { signOut } from '../../../lib/sign-out';

export function WalletSessionSync() {
  const session = useSession();
  const account = useAccount();
  const { disconnect } = useDisconnect();
  const previousToken = useRef(session.accessToken);
  const walletWasConnected = useRef(false);
  const signingOut = useRef(false);

  useEffect(() => {
    const hadSession = previousToken.current !== null;
    previousToken.current = session.accessToken;
    if (hadSession && session.accessToken === null && account.status === 'connected') disconnect();
  }, [session.accessToken, account.status, disconnect]);

  useEffect(() => {
    if (account.status === 'connected') walletWasConnected.current = true;
    const bound = session.accessToken !== null ? session.wallet : null;
    if (bound === null) {
      signingOut.current = false;
      return;
    }
    const switched = account.status === 'connected' && account.address.toLowerCase() !== bound.toLowerCase();
    const gone = account.status === 'disconnected' && walletWasConnected.current;
    if ((switched || gone) && !signingOut.current) {
      signingOut.current = true;
      void signOut();
    }
  }, [session.accessToken, session.wallet, account.status, account.address]);

  return null;
}
