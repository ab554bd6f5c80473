/**
 * What `GET /api/account` shows the signed-in user. The money work adds its
 * sections (balance, game history, deposits, withdrawals) here: each section
 * is one more field of `AccountResponse` filled by one more port.
 */
import type { AccountResponse } from '@shifumi/protocol';
import { weiToEthNumber } from '@shifumi/money';
import { SERVER_TEXTS } from '@shifumi/protocol';
import type { Database } from '../../infra/db/database';
import { ok, refuse, type Result } from '../../shared/result';
import type { AuthContext } from '../auth/auth.service';
import { toPublicUser } from '../auth/auth.service';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { balanceOf } from '../ledger/ledger.service';
import type { UsersRepo } from '../users/users.repo';

export interface AccountServiceDeps {
  users: UsersRepo;
  db: Database;
}

export function createAccountService(deps: AccountServiceDeps) {
  return {
    async getAccount(auth: AuthContext): Promise<Result<AccountResponse>> {
      const user = await deps.users.findById(auth.userId);
      if (!user) return refuse('not_authenticated', SERVER_TEXTS.sessionExpired);
      const balanceWei = await balanceOf(deps.db, LedgerAccounts.user(user.id));
      return ok({
        user: toPublicUser(user),
        referralCode: user.referralCode,
        emailVerified: user.emailVerifiedAt !== null,
        balance: weiToEthNumber(balanceWei),
        balanceWei: balanceWei.toString(),
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
