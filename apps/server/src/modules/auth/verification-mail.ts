/** Verification mails: the link for an account's current address, at most one every few minutes per account. */
import { EMAIL_VERIFICATION_TTL_SECONDS } from '@shifumi/protocol';
import type { UserRow } from '../../infra/db/schema/index';
import { ok, refuse, type Result } from '../../shared/result';
import { generateOpaqueToken, hashOpaqueToken } from '../../shared/secure-token';
import { accountLanguage } from '../../shared/language';
import { verificationMail } from '../mail/mail-templates';
import { secondsAfter, type AuthServiceDeps } from './auth-types';

export function createVerificationMail(deps: AuthServiceDeps) {
  const { authRepo, mailer, clock } = deps;

  /** Creates a verification link for the user's current address and mails it. Throws if the mail fails. */
  async function sendVerificationMail(user: UserRow): Promise<void> {
    if (user.email === null) throw new Error(`User ${user.id} has no e-mail address`);
    const token = generateOpaqueToken();
    await authRepo.createVerificationToken({
      userId: user.id,
      email: user.email,
      tokenHash: hashOpaqueToken(token),
      now: clock(),
      expiresAt: secondsAfter(clock(), EMAIL_VERIFICATION_TTL_SECONDS),
    });
    const link = `${deps.appUrl}/verify-email/${token}`;
    await mailer.send(verificationMail({ to: user.email, name: user.name, link, language: accountLanguage(user) }));
  }

  /** Issue 23: one verification mail per account every few minutes, whatever asks for it. */
  async function takeVerificationMail(userId: string): Promise<Result<void>> {
    if (!deps.mailThrottle) return ok(undefined);
    const allowance = await deps.mailThrottle.take(userId, 'verification', clock());
    if (allowance.allowed) return ok(undefined);
    return refuse('verification_mail_wait', { retryAfterSeconds: allowance.retryAfterSeconds });
  }

  return { sendVerificationMail, takeVerificationMail };
}

export type VerificationMail = ReturnType<typeof createVerificationMail>;
