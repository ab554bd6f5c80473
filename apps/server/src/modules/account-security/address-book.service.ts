/**
 * The withdrawal address book (issue 13, opt-in). An address is added
 * pending, confirmed by a mailed link (30 minutes, single use, only its hash
 * stored), and active WITHDRAWAL_NEW_ADDRESS_HOLD_HOURS after the
 * confirmation. The book turns on at once; turning it off needs the
 * two-factor code (when two-factor is on) and takes effect after the same
 * hold, so that a thief holding the session cannot lift it and withdraw.
 */
import { ADDRESS_CONFIRMATION_TTL_SECONDS, type WithdrawalAddressesResponse } from '@shifumi/protocol';
import type { Database, Executor } from '../../infra/db/database';
import { isUniqueViolation } from '../../infra/db/errors';
import type { AccountSecurityRow } from '../../infra/db/schema/index';
import type { Mailer } from '../../infra/mailer/mailer';
import type { Clock } from '../../shared/clock';
import { accountLanguage } from '../../shared/language';
import { ok, refusal, refuse, refused, type Refusal, type Result } from '../../shared/result';
import { generateOpaqueToken, hashOpaqueToken, OPAQUE_TOKEN_PATTERN } from '../../shared/secure-token';
import type { AuthContext } from '../auth/auth.service';
import type { UsersRepo } from '../users/users.repo';
import { lockSecurityRow, readSecurityRow } from './account-security.repo';
import * as repo from './address-book.repo';
import type { AccountSecurity } from './account-security.service';
import { addressConfirmationMail, type Where } from './security-mails';
import type { TwoFactor } from './two-factor.service';

export const WITHDRAWAL_ADDRESSES_UNIQUE = 'withdrawal_addresses_user_address_key';

export interface AddressBookDeps {
  db: Database;
  users: UsersRepo;
  twoFactor: TwoFactor;
  accountSecurity: AccountSecurity;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  /** WITHDRAWAL_NEW_ADDRESS_HOLD_HOURS. */
  holdHours: number;
  /** Issue 23: a few confirmation mails per account an hour, whatever asks. */
  mailThrottle?: {
    take(
      userId: string,
      kind: 'address_confirmation',
      now: Date,
    ): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  };
}

/** What turning the book on or off did. */
export type AddressBookLockOutcome = { kind: 'on' } | { kind: 'off' } | { kind: 'off_scheduled'; at: Date };

/** `2026-11-25 04:10 UTC` */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The book is on when enabled and a requested turn-off has not taken effect yet. */
export function addressBookOn(
  row: Pick<AccountSecurityRow, 'addressBookEnabled' | 'addressBookDisablesAt'> | undefined,
  now: Date,
): boolean {
  if (!row?.addressBookEnabled) return false;
  return row.addressBookDisablesAt === null || row.addressBookDisablesAt.getTime() > now.getTime();
}

export function createAddressBook(deps: AddressBookDeps) {
  const { db, clock } = deps;
  const holdMs = deps.holdHours * 3_600_000;

  return {
    async list(auth: AuthContext): Promise<WithdrawalAddressesResponse> {
      const now = clock();
      const [row, addresses] = await Promise.all([readSecurityRow(db, auth.userId), repo.addressesOf(db, auth.userId)]);
      const enabled = addressBookOn(row, now);
      return {
        enabled,
        disablesAt: enabled && row?.addressBookDisablesAt ? row.addressBookDisablesAt.toISOString() : null,
        addresses: addresses.map((entry) => ({
          id: entry.id,
          address: entry.address,
          label: entry.label,
          status:
            entry.activeFrom !== null && entry.activeFrom.getTime() <= now.getTime() ? ('active' as const) : ('pending' as const),
          activeFrom: entry.activeFrom?.toISOString() ?? null,
        })),
      };
    },

    /** Adds (or re-sends the link of) a pending address; the link goes to the account's address. */
    async add(auth: AuthContext, address: string, label: string): Promise<Result<void>> {
      const user = await deps.users.findById(auth.userId);
      if (!user) return refuse('session_expired');
      if (user.email === null) return refuse('address_book_needs_email');
      const token = generateOpaqueToken();
      const now = clock();
      const values = {
        label,
        tokenHash: hashOpaqueToken(token),
        tokenExpiresAt: new Date(now.getTime() + ADDRESS_CONFIRMATION_TTL_SECONDS * 1000),
      };
      const existing = await repo.findAddress(db, user.id, address);
      if (existing?.confirmedAt) return refuse('address_exists');
      const allowance = await deps.mailThrottle?.take(user.id, 'address_confirmation', now);
      if (allowance && !allowance.allowed) {
        return refuse('too_many_requests', { retryAfterSeconds: allowance.retryAfterSeconds });
      }
      try {
        if (existing) await repo.updatePendingAddress(db, existing.id, values);
        else await repo.insertPendingAddress(db, { userId: user.id, address, createdAt: now, ...values });
      } catch (error) {
        if (isUniqueViolation(error, WITHDRAWAL_ADDRESSES_UNIQUE)) return refuse('address_exists');
        throw error;
      }
      await deps.mailer.send(
        addressConfirmationMail({
          to: user.email,
          name: user.name,
          address,
          label,
          link: `${deps.appUrl}/confirm-address/${token}`,
          language: accountLanguage(user),
        }),
      );
      return ok(undefined);
    },

    /** The mailed link: the address is confirmed and becomes active after the hold. */
    async confirm(token: string, where: Where): Promise<Result<void>> {
      if (!OPAQUE_TOKEN_PATTERN.test(token)) return refuse('address_link_invalid');
      const now = clock();
      const confirmed = await db.transaction(async (tx) => {
        const entry = await repo.lockAddressByTokenHash(tx, hashOpaqueToken(token));
        if (
          !entry ||
          entry.confirmedAt !== null ||
          entry.tokenExpiresAt === null ||
          entry.tokenExpiresAt.getTime() <= now.getTime()
        ) {
          return undefined;
        }
        await repo.confirmAddress(tx, entry.id, now, new Date(now.getTime() + holdMs));
        return entry;
      });
      if (!confirmed) return refuse('address_link_invalid');
      await deps.accountSecurity.notifyUser(
        confirmed.userId,
        {
          kind: 'address_added',
          address: confirmed.address,
          label: confirmed.label,
          activeFrom: formatUtc(new Date(now.getTime() + holdMs)),
        },
        where,
      );
      return ok(undefined);
    },

    async remove(auth: AuthContext, id: string): Promise<Result<void>> {
      const removed = await repo.deleteAddress(db, auth.userId, id);
      return removed ? ok(undefined) : refuse('address_not_found');
    },

    /** On at once; off after the hold, with the two-factor code when two-factor is on. Answers what happened (the route says it). */
    async setLock(auth: AuthContext, enabled: boolean, code: string | undefined): Promise<Result<AddressBookLockOutcome>> {
      return db.transaction(async (tx) => {
        const row = await lockSecurityRow(tx, auth.userId);
        const now = clock();
        if (enabled) {
          await repo.setAddressBook(tx, auth.userId, { addressBookEnabled: true, addressBookDisablesAt: null });
          return ok({ kind: 'on' });
        }
        if (!addressBookOn(row, now)) {
          await repo.setAddressBook(tx, auth.userId, { addressBookEnabled: false, addressBookDisablesAt: null });
          return ok({ kind: 'off' });
        }
        if (row.addressBookDisablesAt !== null) {
          return ok({ kind: 'off_scheduled', at: row.addressBookDisablesAt });
        }
        if (row.totpSecret !== null) {
          if (code === undefined) return refuse('two_factor_required');
          const checked = await deps.twoFactor.verify(tx, auth.userId, code);
          if (!checked.ok) return refused(checked.refusal);
        }
        const at = new Date(now.getTime() + holdMs);
        await repo.setAddressBook(tx, auth.userId, { addressBookDisablesAt: at });
        return ok({ kind: 'off_scheduled', at });
      });
    },

    /** The guard's part, inside the withdrawal's transaction: with the book on, only active addresses. */
    async checkRecipient(tx: Executor, row: AccountSecurityRow, userId: string, recipient: string): Promise<Refusal | undefined> {
      const now = clock();
      if (!addressBookOn(row, now)) return undefined;
      const entry = await repo.findAddress(tx, userId, recipient.toLowerCase());
      if (!entry) return refusal('address_not_in_book');
      if (entry.activeFrom === null) return refusal('address_pending');
      if (entry.activeFrom.getTime() > now.getTime()) {
        return refusal('address_not_active_yet', { until: entry.activeFrom });
      }
      return undefined;
    },
  };
}

export type AddressBook = ReturnType<typeof createAddressBook>;
