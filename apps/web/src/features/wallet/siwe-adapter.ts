/**
 * Sign-In With Ethereum through RainbowKit's authentication adapter: the
 * connect dialog's "Verify your account" step (preparing the message, waiting
 * for the signature, verifying, and an error text at each step, all
 * RainbowKit's) runs against our server.
 *
 * - verify: the server checks the message and opens a session bound to the
 *   address, answered like login; the session is stored like a login's. A
 *   refusal makes the step show 'Error verifying signature, please retry!'.
 *   With two-factor on (issue 13) the server answers a challenge instead: the
 *   code is asked in a dialog of ours above RainbowKit's modal
 *   (code-request.ts, TwoFactorCodeDialogHost), again after a wrong code with
 *   the server's sentence, until the server's lock answers or the person
 *   cancels.
 * - signOut: RainbowKit calls it on wallet events (disconnect, account
 *   change), including ones that change nothing (a wallet re-announcing its
 *   account at reconnection). Whether the session ends is decided by
 *   WalletSessionSync from wagmi's settled state — a wallet session ends when
 *   its wallet disconnects or switches account, an e-mail session never does —
 *   so here there is nothing to do.
 */
import { createAuthenticationAdapter } from '@rainbow-me/rainbowkit';
import { TWO_FACTOR_MAX_FAILURES, type LoginResponse, type SessionResponse } from '@shifumi/protocol';
import { ApiError } from '../../lib/api-error';
import { adoptAccountLanguage } from '../../lib/i18n/account-language';
import { requestAcceptance } from './acceptance-request';
import { requestCode } from './code-request';
import { buildSiweMessage, fetchSiweNonce } from '../../lib/siwe';
import { saveSession } from '../../lib/session-store';
import { connectAuthenticatedSocket } from '../../lib/socket';
import { verifySiwe, verifySiweSecondStep } from './api/siwe-api';

export interface SiweAdapterDeps {
  getNonce: () => Promise<string>;
  verify: (message: string, signature: string, accepted?: boolean) => Promise<LoginResponse>;
  /** Issue 19: asks the player to confirm the age and accept the Terms (a first sign-in); true when they did. */
  askAcceptance?: () => Promise<boolean>;
  /** Issue 13: the second step (challenge and code) of a sign-in with two-factor on. */
  secondStep: (challenge: string, code: string) => Promise<SessionResponse>;
  /** Asks the person for their code (`problem`: why the last one failed); null when they cancel. */
  askCode: (problem: string | null) => Promise<string | null>;
  /** Opens the signed-in realtime connection with the new session's token. */
  openSocket: (accessToken: string) => void;
  now: () => Date;
  /** Issue 27: after a sign-in, the account's language becomes the page's. */
  adoptAccountLanguage?: () => Promise<void>;
}

export function createSiweAdapter(deps: SiweAdapterDeps) {
  async function secondStep(challenge: string): Promise<SessionResponse | null> {
    let problem: string | null = null;
    for (let attempt = 0; attempt < TWO_FACTOR_MAX_FAILURES; attempt += 1) {
      const code = (await deps.askCode(problem))?.replace(/\s+/g, '').toLowerCase();
      if (!code) return null;
      try {
        return await deps.secondStep(challenge, code);
      } catch (error) {
        // A wrong or malformed code: ask again with the server's sentence; anything else ends the attempt.
        if (!(error instanceof ApiError) || error.status !== 400 || error.code === 'two_factor_challenge_invalid') throw error;
        problem = error.serverMessage;
      }
    }
    return null;
  }

  return createAuthenticationAdapter({
    getNonce: () => deps.getNonce(),
    createMessage: ({ nonce, address, chainId }) =>
      buildSiweMessage({ address, chainId, nonce, purpose: 'signIn', now: deps.now() }),
    verify: async ({ message, signature }) => {
      try {
        let answer: LoginResponse;
        try {
          answer = await deps.verify(message, signature);
        } catch (error) {
          // A new address: the server kept the nonce unused, so the same signature comes back with the confirmation.
          const needsAcceptance = error instanceof ApiError && error.code === 'address_needs_acceptance';
          if (!needsAcceptance || !deps.askAcceptance || !(await deps.askAcceptance())) throw error;
          answer = await deps.verify(message, signature, true);
        }
        const session = 'twoFactorRequired' in answer ? await secondStep(answer.challenge) : answer;
        if (!session) return false;
        saveSession(session.accessToken, session.user, session.sessionWallet ?? null);
        deps.openSocket(session.accessToken);
        // Issue 27: the player sees the language their account keeps.
        void deps.adoptAccountLanguage?.();
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
  askAcceptance: requestAcceptance,
  secondStep: verifySiweSecondStep,
  askCode: requestCode,
  openSocket: (accessToken) => {
    connectAuthenticatedSocket(accessToken);
  },
  now: () => new Date(),
  adoptAccountLanguage,
};
