/**
 * Sign-In With Ethereum through RainbowKit's authentication adapter: the
 * connect dialog's "Verify your account" step (preparing the message, waiting
 * for the signature, verifying, and an error text at each step, all
 * RainbowKit's) runs against our server.
 *
 * - verify: the server checks the message and opens a session bound to the
 *   address, answered like login; the session is stored like a login's. A
 *   refusal makes the step show 'Error verifying signature, please retry!'.
 * - signOut: RainbowKit calls it on wallet events (disconnect, account
 *   change), including ones that change nothing (a wallet re-announcing its
 *   account at reconnection). Whether the session ends is decided by
 *   WalletSessionSync from wagmi's settled state — a wallet session ends when
 *   its wallet disconnects or switches account, an e-mail session never does —
 *   so here there is nothing to do.
 */
import { createAuthenticationAdapter } from '@rainbow-me/rainbowkit';
import type { SessionResponse } from '@shifumi/protocol';
import { buildSiweMessage, fetchSiweNonce } from '../../lib/siwe';
import { saveSession } from '../../lib/session-store';
import { connectAuthenticatedSocket } from '../../lib/socket';
import { verifySiwe } from './api/siwe-api';

export interface SiweAdapterDeps {
  getNonce: () => Promise<string>;
  verify: (message: string, signature: string) => Promise<SessionResponse>;
  /** Opens the signed-in realtime connection with the new session's token. */
  openSocket: (accessToken: string) => void;
  now: () => Date;
}

export function createSiweAdapter(deps: SiweAdapterDeps) {
  return createAuthenticationAdapter({
    getNonce: () => deps.getNonce(),
    createMessage: ({ nonce, address, chainId }) => buildSiweMessage({ address, chainId, nonce, purpose: 'signIn', now: deps.now() }),
    verify: async ({ message, signature }) => {
      try {
        const session = await deps.verify(message, signature);
        saveSession(session.accessToken, session.user, session.sessionWallet ?? null);
        deps.openSocket(session.accessToken);
        return true;
      } catch (error) {
        console.error('Sign-In With Ethereum was refused', error);
        return false;
      }
    },
    signOut: async () => undefined,
  });
}

export const defaultSiweAdapterDeps: SiweAdapterDeps = {
  getNonce: fetchSiweNonce,
  verify: verifySiwe,
  openSocket: (accessToken) => {
    connectAuthenticatedSocket(accessToken);
  },
  now: () => new Date(),
};
