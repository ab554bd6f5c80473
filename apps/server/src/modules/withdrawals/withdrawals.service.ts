/**
 * Withdrawal requests (`POST /api/wallet/cashout`): validation with the spec's
 * texts, the verified-e-mail rule, and the debit (user → withdrawals in
 * flight) written with the withdrawal row in one database transaction, so
 * concurrent requests can never overdraw. An Idempotency-Key makes a retried
 * request answer the original answer and move nothing. The sender
 * (withdrawal-sender.ts) pays it on chain later.
 */
import { randomUUID } from 'node:crypto';
import { weiToEthNumber } from '@shifumi/money';
import {
  cashoutRequestSchema,
  firstIssueMessage,
  idempotencyKeySchema,
  SERVER_TEXTS,
  TEXTS,
  type CashoutResponse,
} from '@shifumi/protocol';
import type { Database } from '../../infra/db/database';
import { isUniqueViolation } from '../../infra/db/errors';
import { withdrawals } from '../../infra/db/schema/index';
import type { BalanceEvents } from '../../realtime/balance-events';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { ok, refuse, type Result } from '../../shared/result';
import type { AuthContext } from '../auth/auth.service';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { balanceOf, InsufficientFundsError, transfer } from '../ledger/ledger.service';
import type { UsersRepo } from '../users/users.repo';
import { findByIdempotencyKey, WITHDRAWALS_IDEMPOTENCY_UNIQUE, type WithdrawalRow } from './withdrawals.repo';

/** Not in the spec's catalogue: only a client that reuses a key by mistake can see it. */
const IDEMPOTENCY_CONFLICT_TEXT = 'This Idempotency-Key was already used for another withdrawal.';

/**
 * Not in the spec's catalogue either: the spec's failure text promises a
 * verification mail, which an account without an e-mail (signed in with a
 * wallet only) cannot get. The web app shows the server's sentence under the
 * form when it differs from the spec's toast.
 */
export const WITHDRAWAL_NEEDS_EMAIL_TEXT =
  'Withdrawals need a verified e-mail address. Add your e-mail address on your account page, then follow the link we send you.';

export interface WithdrawalsServiceDeps {
  db: Database;
  chainId: number;
  users: UsersRepo;
  /** Sends the verification mail to an unverified user (the auth service's resend). */
  sendVerificationMail: (auth: AuthContext) => Promise<Result<void>>;
  balanceEvents: BalanceEvents;
  logger: Logger;
  clock: Clock;
}

function answerOf(row: WithdrawalRow): CashoutResponse {
  return {
    newBalance: weiToEthNumber(row.balanceAfter),
    newBalanceWei: row.balanceAfter.toString(),
    id: row.id,
    status: row.status,
    message: TEXTS.withdrawalInfo,
  };
}

export function createWithdrawalsService(deps: WithdrawalsServiceDeps) {
  const { db, logger } = deps;

  /**
   * The answer to a key already used by this user: the original answer (with
   * the status now) if the request is the same one, a conflict if not;
   * undefined when the key is new (or there is none).
   */
  async function replayOf(userId: string, key: string | undefined, amount: bigint, recipient: string): Promise<Result<CashoutResponse> | undefined> {
    if (key === undefined) return undefined;
    const existing = await findByIdempotencyKey(db, userId, key);
    if (!existing) return undefined;
    if (existing.amount !== amount || existing.recipientAddress !== recipient) {
      return refuse('idempotency_conflict', IDEMPOTENCY_CONFLICT_TEXT);
    }
    return ok(answerOf(existing));
  }

  return {
    async request(auth: AuthContext, body: unknown, idempotencyKey: string | undefined): Promise<Result<CashoutResponse>> {
      const parsed = cashoutRequestSchema.safeParse(body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return refuse('invalid_input', issue && issue.path.length === 0 ? SERVER_TEXTS.invalidRequest : firstIssueMessage(parsed.error));
      }
      let key: string | undefined;
      if (idempotencyKey !== undefined) {
        const keyParsed = idempotencyKeySchema.safeParse(idempotencyKey);
        if (!keyParsed.success) return refuse('invalid_input', firstIssueMessage(keyParsed.error));
        key = keyParsed.data;
      }
      const { amount, recipientAddress } = parsed.data;
      const user = await deps.users.findById(auth.userId);
      if (!user) return refuse('not_authenticated', SERVER_TEXTS.sessionExpired);

      // A retried request: the original answer, whatever the balance or the e-mail is now.
      const replayed = await replayOf(user.id, key, amount, recipientAddress);
      if (replayed) return replayed;
      const aboveBalance = async () =>
        (await replayOf(user.id, key, amount, recipientAddress)) ?? refuse<CashoutResponse>('insufficient_funds', TEXTS.withdrawalAboveBalance);

      const account = LedgerAccounts.user(user.id);
      if (amount > (await balanceOf(db, account))) return aboveBalance();
      if (user.emailVerifiedAt === null) {
        // A wallet-only account has no address to send a link to: tell it where to add one.
        if (user.email === null) return refuse('email_not_verified', WITHDRAWAL_NEEDS_EMAIL_TEXT);
        const sent = await deps.sendVerificationMail(auth).catch((error: unknown) => {
          logger.error({ err: error, userId: user.id }, 'Verification mail for a withdrawal could not be sent');
          return undefined;
        });
        if (sent && !sent.ok) logger.warn({ userId: user.id, refusal: sent.refusal.code }, 'No verification mail sent for a withdrawal');
        return refuse('email_not_verified', TEXTS.withdrawalFailure);
      }

      const id = randomUUID();
      let row: WithdrawalRow;
      try {
        row = await db.transaction(async (tx) => {
          const moved = await transfer(tx, {
            idempotencyKey: `withdrawal:${id}`,
            kind: 'withdrawal',
            legs: [{ from: account, to: LedgerAccounts.withdrawalsInFlight, amount }],
            memo: { withdrawalId: id, recipient: recipientAddress },
          });
          const balanceAfter = moved.balances.get(account.code);
          if (balanceAfter === undefined) throw new Error(`withdrawal ${id}: the debit returned no balance`);
          const now = deps.clock();
          const [inserted] = await tx
            .insert(withdrawals)
            .values({
              id,
              userId: user.id,
              chainId: deps.chainId,
              amount,
              recipientAddress,
              idempotencyKey: key ?? null,
              balanceAfter,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          if (!inserted) throw new Error(`withdrawal ${id} was not stored`);
          return inserted;
        });
      } catch (error) {
        // The same key sent twice at once: the other request won (its debit may be what left this
        // one short, or the UNIQUE key refused this row); answer what it answered.
        if (error instanceof InsufficientFundsError) return aboveBalance();
        if (isUniqueViolation(error, WITHDRAWALS_IDEMPOTENCY_UNIQUE)) {
          const winner = await replayOf(user.id, key, amount, recipientAddress);
          if (winner) return winner;
        }
        throw error;
      }
      logger.info({ withdrawalId: row.id, userId: user.id, wei: amount.toString(), recipient: recipientAddress }, 'Withdrawal requested');
      deps.balanceEvents.balanceChanged(user.id, row.balanceAfter);
      return ok(answerOf(row));
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
