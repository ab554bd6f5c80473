/**
 * The account-security checks of a withdrawal (issue 13), in one place the
 * cashout path calls inside its money transaction:
 * - the security hold: for WITHDRAWAL_HOLD_AFTER_SECURITY_CHANGE_HOURS after a
 *   password reset or change, or two-factor turned off, withdrawals wait;
 * - the withdrawal address book, when it is on: only its active addresses;
 * - the two-factor code, when two-factor is on (`code` in the body).
 * A refusal is returned (not thrown) so that the transaction commits the
 * wrong-code count while debiting nothing.
 */
import { formatEth } from '@shifumi/money';
import { cashoutCodeSchema } from '@shifumi/protocol';
import type { Database, Executor } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import { refusal, type Refusal } from '../../shared/result';
import { lockSecurityRow } from './account-security.repo';
import type { AccountSecurity } from './account-security.service';
import type { AddressBook } from './address-book.service';
import type { TwoFactor } from './two-factor.service';
import { findWithdrawal } from '../withdrawals/withdrawals.repo';

export interface WithdrawalGuardDeps {
  db: Database;
  twoFactor: TwoFactor;
  accountSecurity: AccountSecurity;
  clock: Clock;
  holdAfterSecurityChangeHours: number;
  addressBook: AddressBook;
}

export function createWithdrawalGuard(deps: WithdrawalGuardDeps) {
  return {
    /** Inside the withdrawal's transaction, before the debit: undefined when the withdrawal may go on. */
    async check(tx: Executor, input: { userId: string; recipientAddress: string; body: unknown }): Promise<Refusal | undefined> {
      // Locking the row serialises this check with a password change or two-factor change of the same account.
      const row = await lockSecurityRow(tx, input.userId);
      if (row.securityChangedAt !== null) {
        const until = new Date(row.securityChangedAt.getTime() + deps.holdAfterSecurityChangeHours * 3_600_000);
        if (until.getTime() > deps.clock().getTime()) {
          return refusal('withdrawal_held', { until });
        }
      }
      const recipientRefusal = await deps.addressBook.checkRecipient(tx, row, input.userId, input.recipientAddress);
      if (recipientRefusal) return recipientRefusal;
      if (row.totpSecret === null) return undefined;
      const parsed = cashoutCodeSchema.safeParse(input.body ?? {});
      if (!parsed.success) return refusal('invalid_input', { error: parsed.error });
      if (parsed.data.code === undefined) return refusal('two_factor_required');
      const checked = await deps.twoFactor.verify(tx, input.userId, parsed.data.code);
      return checked.ok ? undefined : checked.refusal;
    },

    /** After a withdrawal was requested: the security mail (amount, address, time). */
    async requested(userId: string, withdrawalId: string, where: { ip: string | null; userAgent: string | null }): Promise<void> {
      const row = await findWithdrawal(deps.db, withdrawalId);
      if (!row) return;
      await deps.accountSecurity.notifyUser(
        userId,
        { kind: 'withdrawal_requested', amountEth: formatEth(row.amount), recipientAddress: row.recipientAddress },
        where,
      );
    },
  };
}

export type WithdrawalGuard = ReturnType<typeof createWithdrawalGuard>;
