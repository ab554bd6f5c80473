/**
 * What `GET /api/account` shows the signed-in user: who they are, their
 * balance (from the ledger), game history, deposits and withdrawals; and
 * the preferences they set (issue 27: their language).
 */
import type { AccountPreferencesResponse, AccountResponse, GameHistoryItem, Language } from '@shifumi/protocol';
import { formatEth, weiToEthNumber } from '@shifumi/money';
import type { Database } from '../../infra/db/database';
import { ok, refuse, type Result } from '../../shared/result';
import type { AuthContext } from '../auth/auth.service';
import { toPublicUser } from '../auth/auth.service';
import { confirmations } from '../deposits/block-scanner';
import type { DepositAddresses } from '../deposits/deposit-addresses';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { balanceOf } from '../ledger/ledger.service';
import type { UsersRepo } from '../users/users.repo';
import { createAccountRepo } from './account.repo';

export interface AccountServiceDeps {
  users: UsersRepo;
  db: Database;
  depositAddresses: DepositAddresses;
  /** Confirmations a deposit needs (its own block counts as the first). */
  requiredConfirmations: number;
  /** The chain head the watcher saw last; undefined before its first scan. */
  chainHead: () => bigint | undefined;
  /** Finished games of the user, newest first (the play work provides it). */
  gameHistory?: (userId: string) => Promise<GameHistoryItem[]>;
  /** Issue 19: the part of the balance a deposit limit holds (responsible gaming). */
  heldWei?: (userId: string, balanceWei: bigint) => Promise<bigint>;
}

export function createAccountService(deps: AccountServiceDeps) {
  const repo = createAccountRepo(deps.db);
  return {
    async getAccount(auth: AuthContext): Promise<Result<AccountResponse>> {
      let user = await deps.users.findById(auth.userId);
      if (!user) return refuse('session_expired');
      if (user.walletAddress === null) {
        user = { ...user, walletAddress: await deps.depositAddresses.ensureFor(user.id) };
      }
      const [balanceWei, depositRows, withdrawalRows, gameHistory, referralCount] = await Promise.all([
        balanceOf(deps.db, LedgerAccounts.user(user.id)),
        repo.listDeposits(user.id),
        repo.listWithdrawals(user.id),
        deps.gameHistory ? deps.gameHistory(user.id) : Promise.resolve([]),
        repo.countReferrals(user.id),
      ]);
      const held = deps.heldWei ? await deps.heldWei(user.id, balanceWei) : 0n;
      const head = deps.chainHead();
      const required = deps.requiredConfirmations;
      return ok({
        user: toPublicUser(user),
        referralCode: user.referralCode,
        referralCount,
        emailVerified: user.emailVerifiedAt !== null,
        linkedAddress: user.linkedAddress,
        language: user.language,
        balance: weiToEthNumber(balanceWei),
        balanceWei: balanceWei.toString(),
        heldWei: held.toString(),
        gameHistory,
        deposits: depositRows.map((row) => ({
          txHash: row.txHash,
          amount: formatEth(row.amount),
          status: row.status === 'credited' ? ('credited' as const) : ('pending' as const),
          confirmations:
            row.status === 'credited'
              ? required
              : Math.min(required, head === undefined ? 0 : Number(confirmations(row.blockNumber, head))),
          requiredConfirmations: required,
          createdAt: row.createdAt.toISOString(),
        })),
        withdrawals: withdrawalRows.map((row) => ({
          id: row.id,
          txHash: row.txHash,
          amount: formatEth(row.amount),
          recipientAddress: row.recipientAddress,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
          fee: formatEth(row.fee),
          ...(row.rejectReason === null ? {} : { rejectReason: row.rejectReason }),
        })),
      });
    },

    /** Issue 27: the player's language, for mails, notices and the server's answers from now on. */
    async setLanguage(auth: AuthContext, language: Language): Promise<Result<AccountPreferencesResponse>> {
      await deps.users.setLanguage(auth.userId, language);
      return ok({ language });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
