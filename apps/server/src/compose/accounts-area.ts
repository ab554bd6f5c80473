/**
 * Accounts and their security: users, the second step (two-factor),
 * sign-in failures and mail throttles counted in the database (issue 23) and
 * their cleanup, account security (issue 13), the address book, the
 * withdrawal guard, sign-in with a password or with Ethereum.
 */
import { TERMS_VERSION } from '@shifumi/protocol';
import type { AppConfig } from '../config';
import type { ChainPublicClient } from '../infra/chain/chain-client';
import type { Database } from '../infra/db/database';
import type { Mailer } from '../infra/mailer/mailer';
import { createAccountSecurityRepo } from '../modules/account-security/account-security.repo';
import { createAccountSecurity } from '../modules/account-security/account-security.service';
import { createAddressBook } from '../modules/account-security/address-book.service';
import { createMailThrottle } from '../modules/account-security/mail-throttle.repo';
import { createSecretBox } from '../modules/account-security/secret-box';
import { createTwoFactor } from '../modules/account-security/two-factor.service';
import { createWithdrawalGuard } from '../modules/account-security/withdrawal-guard';
import { createAccessTokens } from '../modules/auth/access-tokens';
import { createAuthRepo } from '../modules/auth/auth.repo';
import { createAuthService } from '../modules/auth/auth.service';
import type { SessionEvents } from '../modules/auth/session-events';
import { createLoginFailures } from '../modules/auth/login-failures.repo';
import type { PasswordHasher } from '../modules/auth/passwords';
import type { DepositAddresses } from '../modules/deposits/deposit-addresses';
import { recordTermsAcceptance } from '../modules/responsible-gaming/responsible-gaming.repo';
import { createSiweService } from '../modules/siwe/siwe.service';
import { createUsersRepo } from '../modules/users/users.repo';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import { createPeriodicTask } from '../shared/periodic-task';

export interface AccountsAreaOptions {
  config: AppConfig;
  db: Database;
  logger: Logger;
  clock: Clock;
  /** The outbox's mailer. */
  mailer: Mailer;
  passwords: PasswordHasher;
  /** Seals two-factor secrets. */
  twoFactorKey: string;
  sessionEvents: SessionEvents;
  depositAddresses: DepositAddresses;
  /** Verifies sign-in signatures. */
  signatures: Pick<ChainPublicClient, 'verifyMessage'>;
  chainId: number;
}

export function buildAccountsArea(options: AccountsAreaOptions) {
  const { config, db, logger, clock, mailer, passwords, sessionEvents } = options;
  const users = createUsersRepo(db);
  const twoFactor = createTwoFactor({ db, box: createSecretBox(options.twoFactorKey), clock });
  const holdAfterSecurityChangeHours = config.withdrawalHoldAfterSecurityChangeHours;
  // Issue 23: counted in the database, so every node sees the same counts.
  const loginFailures = createLoginFailures(db, {
    limit: config.loginFailuresPerAccount,
    windowMs: config.loginFailureWindowMinutes * 60_000,
  });
  const mailThrottle = createMailThrottle(db);
  // Rows of ended windows (unknown addresses included) are forgotten every 10 minutes.
  const countersCleanup = createPeriodicTask({
    name: 'Sign-in and mail counters cleanup',
    everyMs: 10 * 60_000,
    logger,
    run: async () => {
      await loginFailures.forgetEnded(clock());
      await mailThrottle.forgetEnded(clock());
    },
  });
  const accountSecurity = createAccountSecurity({
    repo: createAccountSecurityRepo(db),
    users,
    twoFactor,
    passwords,
    mailer,
    sessionEvents,
    clock,
    appUrl: config.appUrl,
    logger,
    db,
    holdAfterSecurityChangeHours,
    liftSignInLock: (email) => loginFailures.clear(email),
    mailThrottle,
  });
  const addressBook = createAddressBook({
    db,
    users,
    twoFactor,
    accountSecurity,
    mailer,
    clock,
    appUrl: config.appUrl,
    holdHours: config.withdrawalNewAddressHoldHours,
    mailThrottle,
  });
  const withdrawalGuard = createWithdrawalGuard({
    db,
    twoFactor,
    accountSecurity,
    addressBook,
    clock,
    holdAfterSecurityChangeHours,
  });
  const auth = createAuthService({
    users,
    authRepo: createAuthRepo(db),
    passwords,
    secondStep: accountSecurity.secondStep,
    accessTokens: createAccessTokens({ secret: config.jwtSecret, clock }),
    mailer,
    sessionEvents,
    clock,
    appUrl: config.appUrl,
    logger,
    depositAddresses: options.depositAddresses,
    recordAcceptance: (userId) => recordTermsAcceptance(db, userId, TERMS_VERSION, clock()),
    loginFailures,
    loginFailureWindowMinutes: config.loginFailureWindowMinutes,
    mailThrottle,
    twoFactor,
    notice: (to, notice, where) => accountSecurity.notify(to, notice, where),
  });
  const siwe = createSiweService({
    db,
    publicClient: options.signatures,
    appUrl: config.appUrl,
    allowedChainIds: [options.chainId],
    clock,
    logger,
  });
  return { users, twoFactor, accountSecurity, addressBook, withdrawalGuard, auth, siwe, countersCleanup };
}

export type AccountsArea = ReturnType<typeof buildAccountsArea>;
