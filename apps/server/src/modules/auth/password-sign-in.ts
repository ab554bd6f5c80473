/**
 * Sign-in with an e-mail address and a password, its second step when
 * two-factor is on, and the per-address count of wrong passwords (issue 23)
 * that also guards the current password a signed-in account gives.
 */
import type { UserRow } from '../../infra/db/schema/index';
import { ok, refuse, refused, type Result } from '../../shared/result';
import type { AuthServiceDeps, IssuedSession, LoginInput, SecondStepNeeded, SignInMeta } from './auth-types';
import type { Sessions } from './sessions';

export function createPasswordSignIn(deps: AuthServiceDeps, sessions: Pick<Sessions, 'openSession'>) {
  const { users, passwords, clock, logger } = deps;
  const { openSession } = sessions;

  /**
   * Issue 23: the password of a signed-in account, counted with the sign-in
   * failures of its address (a stolen session cannot guess it faster than a
   * sign-in can).
   */
  async function checkCurrentPassword(user: UserRow, password: string | undefined): Promise<Result<void>> {
    if (user.passwordHash === null || user.email === null) return ok(undefined);
    if (password === undefined || password === '') return refuse('password_required');
    const attempt = deps.loginFailures
      ? await deps.loginFailures.begin(user.email, clock())
      : { allowed: true as const, last: false };
    if (!attempt.allowed) {
      return refuse('too_many_sign_in_failures', { retryAfterSeconds: attempt.retryAfterSeconds });
    }
    if (await passwords.verify(user.passwordHash, password)) {
      await deps.loginFailures?.succeeded(user.email);
      return ok(undefined);
    }
    if (attempt.last) await lockSignIn(user);
    return refuse('wrong_password');
  }

  /** The last wrong password of the window: the address is locked and its owner told, once. */
  async function lockSignIn(user: UserRow | undefined, email?: string): Promise<void> {
    const address = user?.email ?? email;
    if (address === undefined || address === null) return;
    await deps.loginFailures?.locked(address, clock());
    logger.warn({ userId: user?.id }, 'Sign-in locked for an address after too many wrong passwords');
    if (user && user.email !== null) {
      deps.notice?.(
        { id: user.id, email: user.email, name: user.name, language: user.language },
        { kind: 'sign_in_locked', minutes: deps.loginFailureWindowMinutes ?? 15 },
      );
    }
  }

  return {
    checkCurrentPassword,

    async login(input: LoginInput, meta: SignInMeta): Promise<Result<IssuedSession | SecondStepNeeded>> {
      // Issue 23: counted per address before anything else, known or not: the same answers either way.
      const attempt = deps.loginFailures
        ? await deps.loginFailures.begin(input.email, clock())
        : { allowed: true as const, last: false };
      if (!attempt.allowed) {
        return refuse('too_many_sign_in_failures', { retryAfterSeconds: attempt.retryAfterSeconds });
      }
      const user = await users.findByEmail(input.email);
      let right = false;
      if (!user || user.passwordHash === null) await passwords.verifyAgainstDummy(input.password);
      else right = await passwords.verify(user.passwordHash, input.password);
      if (!user || !right) {
        if (attempt.last) await lockSignIn(user, input.email);
        return refuse('invalid_credentials');
      }
      await deps.loginFailures?.succeeded(input.email);
      if (user.disabledAt !== null) return refuse('account_disabled');
      if (user.walletAddress === null && deps.depositAddresses) {
        user.walletAddress = await deps.depositAddresses.ensureFor(user.id);
      }
      if (deps.secondStep && (await deps.secondStep.required(user.id))) {
        return ok({ twoFactorRequired: true, challenge: await deps.secondStep.createChallenge(user.id, null) });
      }
      return ok(await openSession(user, meta, null));
    },

    /** Issue 13: `POST /api/auth/login/2fa`: the challenge of the first step and a code open the session. */
    async loginSecondStep(challenge: string, code: string, meta: SignInMeta): Promise<Result<IssuedSession>> {
      if (!deps.secondStep) return refuse('not_found');
      const used = await deps.secondStep.useChallenge(challenge, code);
      if (!used.ok) return refused(used.refusal);
      let user = await users.findById(used.value.userId);
      if (!user) return refuse('invalid_credentials');
      if (user.disabledAt !== null) return refuse('account_disabled');
      if (user.walletAddress === null && deps.depositAddresses) {
        user = { ...user, walletAddress: await deps.depositAddresses.ensureFor(user.id) };
      }
      return ok(await openSession(user, meta, used.value.walletAddress));
    },
  };
}

export type PasswordSignIn = ReturnType<typeof createPasswordSignIn>;
