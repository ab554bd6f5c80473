/**
 * Withdrawal requests (`POST /api/wallet/cashout`): validation with the spec's
 * texts, the verified-e-mail rule, and the debit (user → withdrawals in
 * flight) written with the withdrawal row in one database transaction, so
 * concurrent requests can never overdraw. An Idempotency-Key makes a retried
 * request answer the original answer and move nothing. The sender
 * (withdrawal-sender.ts) pays it on chain later.
 *
 * Issue 12: an amount below WITHDRAWAL_MIN_ETH is refused; the network fee
 * (withdrawal-fees.ts) is debited on top of the amount, in the same transfer,
 * into the ledger's withdrawal fee income; at most WITHDRAWALS_PER_HOUR new
 * withdrawals per user in any hour, counted in the database inside the
 * debit's transaction (after the user's ledger account is locked, so
 * concurrent requests on any node see each other), so replays and refusals,
 * which write no row, never count.
 *
 * Issue 23: a withdrawal to an address that can only lose the money is
 * refused before anything else: burn addresses (zero, precompiles, 0x…dEaD),
 * the house's hot wallet, and any player's deposit address (the house's own
 * addresses: the payout would come back as somebody's deposit, or nowhere).
 */
import { randomUUID } from 'node:crypto';
import { formatEth, weiToEthNumber } from '@shifumi/money';
import {
  isBurnAddress,
  cashoutRequestSchema,
  idempotencyKeySchema,
  TEXTS,
  type CashoutResponse,
  type WithdrawalFeeResponse,
} from '@shifumi/protocol';
import type { Database, Executor } from '../../infra/db/database';
import { isUniqueViolation } from '../../infra/db/errors';
import type { BalanceEvents } from '../ledger/balance-events';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { ok, refuse, refused, type Refusal, type Result } from '../../shared/result';
import type { AuthContext } from '../auth/auth.service';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { balanceOf, InsufficientFundsError, transfer } from '../ledger/ledger.service';
import type { UsersRepo } from '../users/users.repo';
import type { WithdrawalFees, WithdrawalFeeQuote } from './withdrawal-fees';
import {
  findByIdempotencyKey,
  insertWithdrawal,
  isDepositAddress,
  withdrawalTimesSince,
  WITHDRAWALS_IDEMPOTENCY_UNIQUE,
  type WithdrawalRow,
} from './withdrawals.repo';

const HOUR_MS = 3_600_000;

/** Thrown inside the debit's transaction (rolling it back) when the user's hourly limit is reached. */
class WithdrawalLimitError extends Error {
  override name = 'WithdrawalLimitError';
  constructor(readonly retryAfterSeconds: number) {
    super('withdrawal limit reached');
  }
}

export interface WithdrawalsServiceDeps {
  db: Database;
  chainId: number;
  users: UsersRepo;
  /** Sends the verification mail to an unverified user (the auth service's resend). */
  sendVerificationMail: (auth: AuthContext) => Promise<Result<void>>;
  balanceEvents: BalanceEvents;
  logger: Logger;
  clock: Clock;
  /** Issue 13: the account-security checks (security hold, two-factor code), run inside the debit's transaction. */
  guard?: {
    check(tx: Executor, input: { userId: string; recipientAddress: string; body: unknown }): Promise<Refusal | undefined>;
  };
  /** The fee policy; undefined without a chain (withdrawals are then refused: no fee can be quoted). */
  fees: WithdrawalFees | undefined;
  /** WITHDRAWAL_MIN_ETH in wei. */
  minimumWei: bigint;
  /** WITHDRAWALS_PER_HOUR. */
  perHour: number;
  /** Issue 23: the house's own addresses (lower-case: the hot wallet), refused as recipients. */
  houseAddresses?: readonly string[];
  /**
   * Issue 18: why this withdrawal must wait for staff review (undefined: it goes out as usual), decided
   * inside the debit's transaction; also refuses a frozen account.
   */
  review?: {
    frozen(tx: Executor, userId: string): Promise<Refusal | undefined>;
    reasonFor(tx: Executor, request: { userId: string; amount: bigint; now: Date }): Promise<string | undefined>;
  };
}

function answerOf(row: WithdrawalRow): CashoutResponse {
  return {
    newBalance: weiToEthNumber(row.balanceAfter),
    newBalanceWei: row.balanceAfter.toString(),
    id: row.id,
    status: row.status,
    message: TEXTS.withdrawalInfo,
    fee: formatEth(row.fee),
  };
}

/** A new withdrawal: debits amount and fee, checks the hourly limit, stores the row (in review when the policy says so). */
async function debitAndStore(
  tx: Executor,
  deps: WithdrawalsServiceDeps,
  request: {
    id: string;
    userId: string;
    account: ReturnType<typeof LedgerAccounts.user>;
    amount: bigint;
    fee: bigint;
    recipientAddress: string;
    key: string | undefined;
    maxFeePerGas: bigint;
  },
): Promise<WithdrawalRow> {
  const { id, account, amount, fee, recipientAddress } = request;
  // The debit locks the user's ledger account: concurrent requests of this user, on any
  // node, wait here, and the count below sees every withdrawal they committed.
  const moved = await transfer(tx, {
    idempotencyKey: `withdrawal:${id}`,
    kind: 'withdrawal',
    legs: [
      { from: account, to: LedgerAccounts.withdrawalsInFlight, amount },
      { from: account, to: LedgerAccounts.withdrawalFees, amount: fee },
    ],
    memo: { withdrawalId: id, recipient: recipientAddress, fee: fee.toString() },
  });
  const balanceAfter = moved.balances.get(account.code);
  if (balanceAfter === undefined) throw new Error(`withdrawal ${id}: the debit returned no balance`);
  const now = deps.clock();
  const recent = await withdrawalTimesSince(tx, request.userId, new Date(now.getTime() - HOUR_MS), deps.perHour);
  if (recent.length >= deps.perHour) {
    const freedAt = recent[0]!.createdAt.getTime() + HOUR_MS;
    throw new WithdrawalLimitError(Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)));
  }
  const reviewReason = await deps.review?.reasonFor(tx, { userId: request.userId, amount, now });
  const inserted = await insertWithdrawal(tx, {
    id,
    userId: request.userId,
    chainId: deps.chainId,
    amount,
    recipientAddress,
    idempotencyKey: request.key ?? null,
    balanceAfter,
    fee,
    maxFeePerGas: request.maxFeePerGas,
    ...(reviewReason === undefined ? {} : { status: 'review' as const, reviewReason }),
    createdAt: now,
    updatedAt: now,
  });
  if (!inserted) throw new Error(`withdrawal ${id} was not stored`);
  return inserted;
}

export function createWithdrawalsService(deps: WithdrawalsServiceDeps) {
  const { db, logger } = deps;

  /**
   * The answer to a key already used by this user: the original answer (with
   * the status now) if the request is the same one, a conflict if not;
   * undefined when the key is new (or there is none).
   */
  async function replayOf(
    userId: string,
    key: string | undefined,
    amount: bigint,
    recipient: string,
  ): Promise<Result<CashoutResponse> | undefined> {
    if (key === undefined) return undefined;
    const existing = await findByIdempotencyKey(db, userId, key);
    if (!existing) return undefined;
    if (existing.amount !== amount || existing.recipientAddress !== recipient) {
      return refuse('idempotency_conflict');
    }
    return ok(answerOf(existing));
  }

  /** The quote, or undefined when the chain cannot give one right now. */
  async function currentQuote(): Promise<WithdrawalFeeQuote | undefined> {
    if (!deps.fees) return undefined;
    try {
      return await deps.fees.quote();
    } catch (error) {
      logger.warn({ err: error }, 'Withdrawal fee: the chain could not be read');
      return undefined;
    }
  }

  return {
    /** What the withdraw form shows before its confirm button. */
    async feeQuote(): Promise<Result<WithdrawalFeeResponse>> {
      const quote = await currentQuote();
      if (!quote) return refuse('fee_unavailable');
      return ok({
        fee: formatEth(quote.fee),
        feeWei: quote.fee.toString(),
        minimum: formatEth(deps.minimumWei),
        withdrawalsPerHour: deps.perHour,
      });
    },

    async request(auth: AuthContext, body: unknown, idempotencyKey: string | undefined): Promise<Result<CashoutResponse>> {
      const parsed = cashoutRequestSchema.safeParse(body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return issue && issue.path.length === 0 ? refuse('invalid_request') : refuse('invalid_input', { error: parsed.error });
      }
      let key: string | undefined;
      if (idempotencyKey !== undefined) {
        const keyParsed = idempotencyKeySchema.safeParse(idempotencyKey);
        if (!keyParsed.success) return refuse('invalid_input', { error: keyParsed.error });
        key = keyParsed.data;
      }
      const { amount, recipientAddress, fee: acceptedFee } = parsed.data;
      // Issue 23: before anything is read or debited.
      if (isBurnAddress(recipientAddress)) return refuse('withdrawal_to_burn_address');
      if ((deps.houseAddresses ?? []).includes(recipientAddress) || (await isDepositAddress(db, recipientAddress))) {
        return refuse('withdrawal_to_house_address');
      }
      const user = await deps.users.findById(auth.userId);
      if (!user) return refuse('session_expired');

      // A retried request: the original answer, whatever the balance or the e-mail is now.
      const replayed = await replayOf(user.id, key, amount, recipientAddress);
      if (replayed) return replayed;
      const aboveBalance = async () => (await replayOf(user.id, key, amount, recipientAddress)) ?? refuse('insufficient_funds');

      if (amount < deps.minimumWei) {
        return refuse('below_minimum', { minimumWei: deps.minimumWei });
      }
      const quote = await currentQuote();
      if (!quote) return refuse('fee_unavailable');
      const { fee } = quote;
      if (acceptedFee !== undefined && fee > acceptedFee) return refuse('fee_changed', { feeWei: fee });
      const aboveBalanceWithFee = async () =>
        (await replayOf(user.id, key, amount, recipientAddress)) ?? refuse('insufficient_funds_with_fee', { feeWei: fee });

      const account = LedgerAccounts.user(user.id);
      const available = await balanceOf(db, account);
      if (amount > available) return aboveBalance();
      if (amount + fee > available) return aboveBalanceWithFee();
      if (user.emailVerifiedAt === null) {
        // A wallet-only account has no address to send a link to: tell it where to add one.
        if (user.email === null) return refuse('withdrawal_needs_email');
        const sent = await deps.sendVerificationMail(auth).catch((error: unknown) => {
          logger.error({ err: error, userId: user.id }, 'Verification mail for a withdrawal could not be sent');
          return undefined;
        });
        if (sent && !sent.ok)
          logger.warn({ userId: user.id, refusal: sent.refusal.code }, 'No verification mail sent for a withdrawal');
        return refuse('email_not_verified');
      }

      const id = randomUUID();
      let row: WithdrawalRow | undefined;
      let guardRefusal: Refusal | undefined;
      try {
        row = await db.transaction(async (tx) => {
          guardRefusal =
            (await deps.review?.frozen(tx, user.id)) ??
            (await deps.guard?.check(tx, { userId: user.id, recipientAddress, body }));
          if (guardRefusal) return undefined;
          return debitAndStore(tx, deps, {
            id,
            userId: user.id,
            account,
            amount,
            fee,
            recipientAddress,
            key,
            maxFeePerGas: quote.maxFeePerGas,
          });
        });
      } catch (error) {
        // The same key sent twice at once: the other request won (its debit may be what left this
        // one short, or the UNIQUE key refused this row); answer what it answered.
        if (error instanceof InsufficientFundsError) return error.balance >= amount ? aboveBalanceWithFee() : aboveBalance();
        if (error instanceof WithdrawalLimitError) {
          return refuse('too_many_withdrawals', { perHour: deps.perHour, retryAfterSeconds: error.retryAfterSeconds });
        }
        if (isUniqueViolation(error, WITHDRAWALS_IDEMPOTENCY_UNIQUE)) {
          const winner = await replayOf(user.id, key, amount, recipientAddress);
          if (winner) return winner;
        }
        throw error;
      }
      if (!row) return guardRefusal ? refused(guardRefusal) : refuse('invalid_request');
      logger.info(
        { withdrawalId: row.id, userId: user.id, wei: amount.toString(), feeWei: fee.toString(), recipient: recipientAddress },
        'Withdrawal requested',
      );
      deps.balanceEvents.balanceChanged(user.id, row.balanceAfter);
      return ok(answerOf(row));
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
