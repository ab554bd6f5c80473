/**
 * Accounts and sessions: registration, sign-in, refresh-token rotation,
 * sign-out, e-mail verification, and the check every signed-in request and
 * socket goes through. Depends on ports only (repositories, mailer, hasher,
 * token signer, session events, clock); knows nothing of HTTP or sockets.
 * Each job is a file of its own; this one puts them together behind the one
 * service the transports use.
 */
import type { AuthServiceDeps } from './auth-types';
import { createEmailAddress } from './email-address';
import { createPasswordSignIn } from './password-sign-in';
import { createSessions } from './sessions';
import { createSignUp } from './sign-up';
import { createVerificationMail } from './verification-mail';
import { createWalletSignIn } from './wallet-sign-in';

export {
  extractAccessToken,
  SESSION_TOUCH_INTERVAL_MS,
  toPublicUser,
  type AccountNotice,
  type AddEmailInput,
  type AuthContext,
  type AuthServiceDeps,
  type IssuedSession,
  type LoginInput,
  type RegisterInput,
  type RequestOrigin,
  type SecondStepNeeded,
  type SignInMeta,
} from './auth-types';

export function createAuthService(deps: AuthServiceDeps) {
  const sessions = createSessions(deps);
  const mail = createVerificationMail(deps);
  const passwordSignIn = createPasswordSignIn(deps, sessions);
  const { register } = createSignUp(deps, mail);
  const { signInWithWallet, hasWalletAccount, linkWallet } = createWalletSignIn(deps, sessions);
  const { verifyEmail, addEmail, resendVerification } = createEmailAddress(deps, mail, passwordSignIn);
  const { refresh, logout, logoutAll, authenticate, isSessionActive } = sessions;
  const { login, loginSecondStep } = passwordSignIn;
  return {
    register,
    login,
    loginSecondStep,
    signInWithWallet,
    hasWalletAccount,
    linkWallet,
    refresh,
    logout,
    logoutAll,
    authenticate,
    isSessionActive,
    verifyEmail,
    addEmail,
    resendVerification,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
