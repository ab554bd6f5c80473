/**
 * The withdrawal address book (issue 13, opt-in). An address is added
 * pending, confirmed by a mailed link (30 minutes, single use, only its hash
 * stored), and active WITHDRAWAL_NEW_ADDRESS_HOLD_HOURS after the
 * confirmation. The book turns on at once; turning it off needs the
 * two-factor code (when two-factor is on) and takes effect after the same
 * hold, so that a thief holding the session cannot lift it and withdraw.
 */
import {
  ACCOUNT_SECURITY_TEXTS,
  ADDRESS_CONFIRMATION_TTL_SECONDS,
  SERVER_TEXTS,
  type WithdrawalAddressesResponse,
} from '@shifumi/protocol';
import { and, asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../infra/db/database';
import { isUniqueViolation } from '../../infra/db/errors';
import { accountSecurity, withdrawalAddresses, type AccountSecurityRow } from '../../infra/db/schema/index';
import type { Mailer } from '../../infra/mailer/mailer';
import type { Clock } from '../../shared/clock';
import { ok, refuse, type Refusal, type Result } from '../../shared/result';
import { generateOpaqueToken, hashOpaqueToken, OPAQUE_TOKEN_PATTERN } from '../../shared/secure-token';
import type { AuthContext } from '../auth/auth.service';
import type { UsersRepo } from '../users/users.repo';
import { lockSecurityRow, readSecurityRow } from './account-security.repo';
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
    take(userId: string, kind: 'address_confirmation', now: Date): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  };
}

/** `2026-11-25 04:10 UTC` */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The book is on when enabled and a requested turn-off has not taken effect yet. */
export function addressBookOn(row: Pick<AccountSecurityRow, 'addressBookEnabled' | 'addressBookDisablesAt'> | undefined, now: Date): boolean {
  if (!row?.addressBookEnabled) return false;
  return row.addressBookDisablesAt === null || row.addressBookDisablesAt.getTime() > now.getTime();
}

export function createAddressBook(deps: AddressBookDeps) {
  const { db, clock } = deps;
  const holdMs = deps.holdHours * 3_600_000;

  return {
    async list(auth: AuthContext): Promise<WithdrawalAddressesResponse> {
      const now = clock();
      const [row, addresses] = await Promise.all([
        readSecurityRow(db, auth.userId),
        db.select().from(withdrawalAddresses).where(eq(withdrawalAddresses.userId, auth.userId)).orderBy(asc(withdrawalAddresses.createdAt)),
      ]);
      const enabled = addressBookOn(row, now);
      return {
        enabled,
        disablesAt: enabled && row?.addressBookDisablesAt ? row.addressBookDisablesAt.toISOString() : null,
        addresses: addresses.map((entry) => ({
          id: entry.id,
          address: entry.address,
          label: entry.label,
          status: entry.activeFrom !== null && entry.activeFrom.getTime() <= now.getTime() ? ('active' as const) : ('pending' as const),
          activeFrom: entry.activeFrom?.toISOString() ?? null,
        })),
      };
    },

    /** Adds (or re-sends the link of) a pending address; the link goes to the account's address. */
    async add(auth: AuthContext, address: string, label: string): Promise<Result<void>> {
      const user = await deps.users.findById(auth.userId);
      if (!user) return refuse('not_authenticated', SERVER_TEXTS.sessionExpired);
      if (user.email === null) return refuse('no_email', ACCOUNT_SECURITY_TEXTS.addressBookNeedsEmail);
      const token = generateOpaqueToken();
      const now = clock();
      const values = {
        label,
        tokenHash: hashOpaqueToken(token),
        tokenExpiresAt: new Date(now.getTime() + ADDRESS_CONFIRMATION_TTL_SECONDS * 1000),
      };
      const [existing] = await db
        .select()
        .from(withdrawalAddresses)
        .where(and(eq(withdrawalAddresses.userId, user.id), eq(withdrawalAddresses.address, address)))
        .limit(1);
      if (existing?.confirmedAt) return refuse('address_exists', ACCOUNT_SECURITY_TEXTS.addressAlreadyInBook);
      const allowance = await deps.mailThrottle?.take(user.id, 'address_confirmation', now);
      if (allowance && !allowance.allowed) {
        return refuse('too_many_requests', SERVER_TEXTS.tooManyRequests, { 'retry-after': String(allowance.retryAfterSeconds) });
      }
      try {
        if (existing) await db.update(withdrawalAddresses).set(values).where(eq(withdrawalAddresses.id, existing.id));
        else await db.insert(withdrawalAddresses).values({ userId: user.id, address, createdAt: now, ...values });
      } catch (error) {
        if (isUniqueViolation(error, WITHDRAWAL_ADDRESSES_UNIQUE)) return refuse('address_exists', ACCOUNT_SECURITY_TEXTS.addressAlreadyInBook);
        throw error;
      }
      await deps.mailer.send(
        addressConfirmationMail({ to: user.email, name: user.name, address, label, link: `${deps.appUrl}/confirm-address/${token}` }),
      );
      return ok(undefined);
    },

    /** The mailed link: the address is confirmed and becomes active after the hold. */
    async confirm(token: string, where: Where): Promise<Result<void>> {
      if (!OPAQUE_TOKEN_PATTERN.test(token)) return refuse('reset_link_invalid', ACCOUNT_SECURITY_TEXTS.addressLinkInvalid);
      const now = clock();
      const confirmed = await db.transaction(async (tx) => {
        const [entry] = await tx
          .select()
          .from(withdrawalAddresses)
          .where(eq(withdrawalAddresses.tokenHash, hashOpaqueToken(token)))
          .limit(1)
          .for('update');
        if (!entry || entry.confirmedAt !== null || entry.tokenExpiresAt === null || entry.tokenExpiresAt.getTime() <= now.getTime()) {
          return undefined;
        }
        await tx
          .update(withdrawalAddresses)
          .set({ tokenHash: null, tokenExpiresAt: null, confirmedAt: now, activeFrom: new Date(now.getTime() + holdMs) })
          .where(eq(withdrawalAddresses.id, entry.id));
        return entry;
      });
      if (!confirmed) return refuse('reset_link_invalid', ACCOUNT_SECURITY_TEXTS.addressLinkInvalid);
      await deps.accountSecurity.notifyUser(
        confirmed.userId,
        { kind: 'address_added', address: confirmed.address, label: confirmed.label, activeFrom: formatUtc(new Date(now.getTime() + holdMs)) },
        where,
      );
      return ok(undefined);
    },

    async remove(auth: AuthContext, id: string): Promise<Result<void>> {
      const removed = await db
        .delete(withdrawalAddresses)
        .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, auth.userId)))
        .returning({ id: withdrawalAddresses.id });
      return removed.length > 0 ? ok(undefined) : refuse('not_found', ACCOUNT_SECURITY_TEXTS.addressNotFound);
    },

    /** On at once; off after the hold, with the two-factor code when two-factor is on. Answers the message to show. */
    async setLock(auth: AuthContext, enabled: boolean, code: string | undefined): Promise<Result<string>> {
      return db.transaction(async (tx) => {
        const row = await lockSecurityRow(tx, auth.userId);
        const now = clock();
        if (enabled) {
          await tx
            .update(accountSecurity)
            .set({ addressBookEnabled: true, addressBookDisablesAt: null })
            .where(eq(accountSecurity.userId, auth.userId));
          return ok(ACCOUNT_SECURITY_TEXTS.addressBookOn);
        }
        if (!addressBookOn(row, now)) {
          await tx.update(accountSecurity).set({ addressBookEnabled: false, addressBookDisablesAt: null }).where(eq(accountSecurity.userId, auth.userId));
          return ok(ACCOUNT_SECURITY_TEXTS.addressBookOff);
        }
        if (row.addressBookDisablesAt !== null) {
          return ok(ACCOUNT_SECURITY_TEXTS.addressBookOffScheduled.replace('{at}', formatUtc(row.addressBookDisablesAt)));
        }
        if (row.totpSecret !== null) {
          if (code === undefined) return refuse('two_factor_invalid', ACCOUNT_SECURITY_TEXTS.twoFactorCodeRequired);
          const checked = await deps.twoFactor.verify(tx, auth.userId, code);
          if (!checked.ok) return refuse(checked.refusal.code, checked.refusal.message);
        }
        const at = new Date(now.getTime() + holdMs);
        await tx.update(accountSecurity).set({ addressBookDisablesAt: at }).where(eq(accountSecurity.userId, auth.userId));
        return ok(ACCOUNT_SECURITY_TEXTS.addressBookOffScheduled.replace('{at}', formatUtc(at)));
      });
    },

    /** The guard's part, inside the withdrawal's transaction: with the book on, only active addresses. */
    async checkRecipient(tx: Executor, row: AccountSecurityRow, userId: string, recipient: string): Promise<Refusal | undefined> {
      const now = clock();
      if (!addressBookOn(row, now)) return undefined;
      const [entry] = await tx
        .select()
        .from(withdrawalAddresses)
        .where(and(eq(withdrawalAddresses.userId, userId), eq(withdrawalAddresses.address, recipient.toLowerCase())))
        .limit(1);
      if (!entry) return { code: 'withdrawal_address_refused', message: ACCOUNT_SECURITY_TEXTS.addressBookNotInBook };
      if (entry.activeFrom === null) return { code: 'withdrawal_address_refused', message: ACCOUNT_SECURITY_TEXTS.addressBookPending };
      if (entry.activeFrom.getTime() > now.getTime()) {
        return { code: 'withdrawal_address_refused', message: ACCOUNT_SECURITY_TEXTS.addressBookNotActiveYet.replace('{until}', formatUtc(entry.activeFrom)) };
      }
      return undefined;
    },
  };
}

export type AddressBook = ReturnType<typeof createAddressBook>;
