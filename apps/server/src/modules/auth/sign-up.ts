/** Sign-up with an e-mail address and a password (and an optional referral code). */
import type { UserRow } from '../../infra/db/schema/index';
import { isUniqueViolation } from '../../infra/db/errors';
import { ok, refuse, type Result } from '../../shared/result';
import { USERS_EMAIL_UNIQUE, USERS_REFERRAL_CODE_UNIQUE } from '../users/users.repo';
import { REFERRAL_CODE_ATTEMPTS, type AuthServiceDeps, type RegisterInput } from './auth-types';
import { generateReferralCode } from './referral-codes';
import type { VerificationMail } from './verification-mail';

export function createSignUp(deps: AuthServiceDeps, mail: VerificationMail) {
  const { users, passwords, clock, logger } = deps;
  const { sendVerificationMail, takeVerificationMail } = mail;

  async function insertUserWithFreshReferralCode(input: RegisterInput, passwordHash: string, referredBy: string | null) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await users.insert({
          name: input.name,
          email: input.email,
          passwordHash,
          referralCode: generateReferralCode(),
          referredBy,
          language: input.language ?? null,
          createdAt: clock(),
        });
      } catch (error) {
        // 32^8 codes make a collision rare; retry a few times before calling it a failure.
        if (isUniqueViolation(error, USERS_REFERRAL_CODE_UNIQUE) && attempt < REFERRAL_CODE_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  return {
    async register(input: RegisterInput): Promise<Result<void>> {
      if (await users.findByEmail(input.email)) return refuse('email_taken');
      let referredBy: string | null = null;
      if (input.referralCode !== undefined) {
        const referrerId = await users.findIdByReferralCode(input.referralCode);
        if (referrerId === undefined) return refuse('unknown_referral');
        referredBy = referrerId;
      }
      const passwordHash = await passwords.hash(input.password);
      let user: UserRow;
      try {
        user = await insertUserWithFreshReferralCode(input, passwordHash, referredBy);
      } catch (error) {
        // Two sign-ups with the same address at the same moment: the database decides.
        if (isUniqueViolation(error, USERS_EMAIL_UNIQUE)) return refuse('email_taken');
        throw error;
      }
      await deps.recordAcceptance?.(user.id);
      await deps.depositAddresses?.ensureFor(user.id);
      try {
        // A new account's first mail: always allowed, and counted (a resend waits its turn).
        await takeVerificationMail(user.id);
        await sendVerificationMail(user);
      } catch (error) {
        // The account exists; failing the request now would make a retry answer 409.
        // The user can ask for a new link from their account (resend-verification).
        logger.error({ err: error, userId: user.id }, 'The verification mail could not be sent after registration');
      }
      return ok(undefined);
    },
  };
}
