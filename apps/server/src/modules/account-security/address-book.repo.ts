/** The withdrawal address book's queries (decision 039: SQL only in repositories). */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { accountSecurity, withdrawalAddresses } from '../../infra/db/schema/index';

export type WithdrawalAddressRow = typeof withdrawalAddresses.$inferSelect;

/** The user's addresses, oldest first. */
export async function addressesOf(db: Executor, userId: string): Promise<WithdrawalAddressRow[]> {
  return db
    .select()
    .from(withdrawalAddresses)
    .where(eq(withdrawalAddresses.userId, userId))
    .orderBy(asc(withdrawalAddresses.createdAt));
}

/** The user's entry for this address (lower case), if any. */
export async function findAddress(db: Executor, userId: string, address: string): Promise<WithdrawalAddressRow | undefined> {
  const [entry] = await db
    .select()
    .from(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.userId, userId), eq(withdrawalAddresses.address, address)))
    .limit(1);
  return entry;
}

/** A new confirmation link (hash and expiry) and label for an entry. */
export interface PendingAddress {
  label: string;
  tokenHash: string;
  tokenExpiresAt: Date;
}

export async function updatePendingAddress(db: Executor, id: string, values: PendingAddress): Promise<void> {
  await db.update(withdrawalAddresses).set(values).where(eq(withdrawalAddresses.id, id));
}

export async function insertPendingAddress(
  db: Executor,
  entry: PendingAddress & { userId: string; address: string; createdAt: Date },
): Promise<void> {
  await db.insert(withdrawalAddresses).values(entry);
}

/** The entry whose link has this hash, its row locked until the transaction ends. */
export async function lockAddressByTokenHash(tx: Executor, tokenHash: string): Promise<WithdrawalAddressRow | undefined> {
  const [entry] = await tx
    .select()
    .from(withdrawalAddresses)
    .where(eq(withdrawalAddresses.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return entry;
}

/** The link is used up; the address is confirmed now and active from `activeFrom`. */
export async function confirmAddress(tx: Executor, id: string, now: Date, activeFrom: Date): Promise<void> {
  await tx
    .update(withdrawalAddresses)
    .set({ tokenHash: null, tokenExpiresAt: null, confirmedAt: now, activeFrom })
    .where(eq(withdrawalAddresses.id, id));
}

/** Deletes the user's entry; true when there was one. */
export async function deleteAddress(db: Executor, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, userId)))
    .returning({ id: withdrawalAddresses.id });
  return removed.length > 0;
}

/** The book's switch on the account_security row (locked by the caller). */
export async function setAddressBook(
  tx: Executor,
  userId: string,
  state: { addressBookEnabled?: boolean; addressBookDisablesAt: Date | null },
): Promise<void> {
  await tx.update(accountSecurity).set(state).where(eq(accountSecurity.userId, userId));
}
