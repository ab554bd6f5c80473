/** An account's e-mail address: verifying it from the mailed link, adding or changing it, resending the link. */
import { EMAIL_VERIFICATION_TTL_SECONDS, RECENT_WALLET_SIGN_IN_SECONDS } from '@shifumi/protocol';
import { isUniqueViolation } from '../../infra/db/errors';
import { accountLanguage } from '../../shared/language';
import { ok, refuse, type Result } from '../../shared/result';
import { generateOpaqueToken, hashOpaqueToken, OPAQUE_TOKEN_PATTERN } from '../../shared/secure-token';
import { emailChangeMail } from '../mail/mail-templates';
import { USERS_EMAIL_UNIQUE } from '../users/users.repo';
import { secondsAfter, type AddEmailInput, type AuthContext, type AuthServiceDeps, type RequestOrigin } from './auth-types';
import type { PasswordSignIn } from './password-sign-in';
import type { VerificationMail } from './verification-mail';

export function createEmailAddress(
  deps: AuthServiceDeps,
  mail: VerificationMail,
  password: Pick<PasswordSignIn, 'checkCurrentPassword'>,
) {
  const { users, authRepo, mailer, clock } = deps;
  const { sendVerificationMail, takeVerificationMail } = mail;
  const { checkCurrentPassword } = password;

  return {
    /** Verifies the address of the link; says `already` when it was verified before (issue 26), not a failure. */
    async verifyEmail(token: string): Promise<Result<'verified' | 'already'>> {
      if (!OPAQUE_TOKEN_PATTERN.test(token)) return refuse('verify_link_invalid');
      const outcome = await authRepo.useVerificationToken(hashOpaqueToken(token), clock());
      if (outcome.kind === 'invalid') return refuse('verify_link_invalid');
      if (outcome.kind === 'email_taken') return refuse('email_taken');
      if (outcome.kind === 'email_changed' && outcome.previousEmail !== null) {
        const user = await users.findById(outcome.userId);
        if (user)
          deps.notice?.(
            { id: user.id, email: outcome.previousEmail, name: user.name, language: user.language },
            { kind: 'email_changed', newEmail: outcome.email },
          );
      }
      return ok(outcome.kind === 'already_verified' ? 'already' : 'verified');
    },

    /**
     * `POST /api/account/email` (issue 23). An account with a password gives
     * it, and its two-factor code when two-factor is on; a wallet-only
     * account must have signed in with its wallet in the last minutes. Then:
     * - a verified address stays the account's until the link mailed to the
     *   new one is opened (answered with `emailChangeRequested`);
     * - no address yet, or an unverified one, is replaced at once by the new,
     *   unverified address, and a link is mailed to it (`emailAdded`).
     * A previous address is told in a security mail. One verification mail
     * per account every few minutes: a request within that time changes
     * nothing (429). `email` lower-case (the protocol schema). A mail failure
     * is thrown (answered 5xx) after the change is stored.
     */
    async addEmail(
      auth: AuthContext,
      input: AddEmailInput,
      where?: RequestOrigin,
    ): Promise<Result<'change_requested' | 'added'>> {
      const user = await users.findById(auth.userId);
      if (!user) return refuse('session_expired');
      if (user.passwordHash !== null) {
        const proved = await checkCurrentPassword(user, input.currentPassword);
        if (!proved.ok) return proved;
      } else {
        const openedAt = await authRepo.sessionOpenedAt(auth.sessionId);
        if (!openedAt || clock().getTime() - openedAt.getTime() > RECENT_WALLET_SIGN_IN_SECONDS * 1000) {
          return refuse('reauthentication_required');
        }
      }
      if (deps.twoFactor && (await deps.twoFactor.isEnabled(user.id))) {
        if (input.code === undefined) return refuse('two_factor_required');
        const checked = await deps.twoFactor.verifyNow(user.id, input.code);
        if (!checked.ok) return checked;
      }
      const { email } = input;
      if (user.email === email && user.emailVerifiedAt !== null) return refuse('email_unchanged');
      const holder = await users.findByEmail(email);
      if (holder && holder.id !== auth.userId) return refuse('email_taken');
      const allowance = await takeVerificationMail(user.id);
      if (!allowance.ok) return allowance;

      if (user.email !== null && user.emailVerifiedAt !== null) {
        const token = generateOpaqueToken();
        const requested = await authRepo.requestEmailChange({
          userId: user.id,
          email,
          tokenHash: hashOpaqueToken(token),
          now: clock(),
          expiresAt: secondsAfter(clock(), EMAIL_VERIFICATION_TTL_SECONDS),
        });
        if (requested) {
          deps.notice?.(
            { id: user.id, email: user.email, name: user.name, language: user.language },
            { kind: 'email_change_requested', newEmail: email },
            where,
          );
          await mailer.send(
            emailChangeMail({
              to: email,
              name: user.name,
              link: `${deps.appUrl}/verify-email/${token}`,
              language: accountLanguage(user),
            }),
          );
          return ok('change_requested');
        }
      }
      let outcome;
      try {
        outcome = await authRepo.changeUnverifiedEmail(auth.userId, email, clock());
      } catch (error) {
        // Another account took the address between the check and the update: the unique index decides.
        if (isUniqueViolation(error, USERS_EMAIL_UNIQUE)) return refuse('email_taken');
        throw error;
      }
      if (outcome.kind === 'no_user') return refuse('session_expired');
      if (outcome.kind === 'locked') return refuse('email_locked');
      if (outcome.previousEmail !== null && outcome.previousEmail !== email) {
        deps.notice?.(
          { id: user.id, email: outcome.previousEmail, name: user.name, language: user.language },
          { kind: 'email_changed', newEmail: email },
          where,
        );
      }
      await sendVerificationMail(outcome.user);
      return ok('added');
    },

    /**
     * Sends a fresh verification link; a mail failure is thrown (the user asked for it now).
     * Issue 23: at most one every few minutes per account (429 with Retry-After), whatever asks.
     */
    async resendVerification(auth: AuthContext): Promise<Result<void>> {
      const user = await users.findById(auth.userId);
      if (!user) return refuse('session_expired');
      if (user.email === null) return refuse('no_email');
      if (user.emailVerifiedAt !== null) return refuse('already_verified');
      const allowance = await takeVerificationMail(user.id);
      if (!allowance.ok) return allowance;
      await sendVerificationMail(user);
      return ok(undefined);
    },
  };
}
