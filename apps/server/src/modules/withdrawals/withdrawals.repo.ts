/** SQL of withdrawals: requests, attempts (signed transactions) and the hot wallet's nonces. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { hotWalletNonces, withdrawalAttempts, withdrawals } from '../../infra/db/schema/index';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalAttemptRow = typeof withdrawalAttempts.$inferSelect;

export const WITHDRAWALS_IDEMPOTENCY_UNIQUE = 'withdrawals_user_idempotency_key';

export async function findByIdempotencyKey(db: Executor, userId: string, key: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, key)))
    .limit(1);
  return row;
}

export function withdrawalsInStatus(db: Executor, chainId: number, status: 'queued' | 'sent', limit = 50) {
  return db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.chainId, chainId), eq(withdrawals.status, status)))
    .orderBy(asc(withdrawals.createdAt))
    .limit(limit);
}

export function attemptsOf(db: Executor, withdrawalId: string) {
  return db.select().from(withdrawalAttempts).where(eq(withdrawalAttempts.withdrawalId, withdrawalId)).orderBy(asc(withdrawalAttempts.createdAt));
}

/** Attempts signed but maybe never broadcast (a crash in between): broadcast again, same bytes. */
export function signedAttempts(db: Executor, chainId: number) {
  return db
    .select({ attempt: withdrawalAttempts })
    .from(withdrawalAttempts)
    .innerJoin(withdrawals, eq(withdrawals.id, withdrawalAttempts.withdrawalId))
    .where(and(eq(withdrawalAttempts.status, 'signed'), eq(withdrawals.chainId, chainId), eq(withdrawals.status, 'sent')));
}

export async function setAttemptStatus(
  db: Executor,
  attemptIds: string[],
  status: WithdrawalAttemptRow['status'],
  onlyFrom?: WithdrawalAttemptRow['status'][],
): Promise<void> {
  if (attemptIds.length === 0) return;
  await db
    .update(withdrawalAttempts)
    .set({ status })
    .where(and(inArray(withdrawalAttempts.id, attemptIds), onlyFrom ? inArray(withdrawalAttempts.status, onlyFrom) : sql`true`));
}

/**
 * Allocates the hot wallet's next nonce inside the caller's transaction. The
 * row is created from the chain's pending count the first time; after that
 * the database is the only source, so two senders can never take the same one.
 */
export async function allocateNonce(tx: Executor, chainId: number, address: string, chainPendingCount: number): Promise<number> {
  await tx.insert(hotWalletNonces).values({ chainId, address, nextNonce: chainPendingCount }).onConflictDoNothing();
  const [row] = await tx
    .update(hotWalletNonces)
    .set({ nextNonce: sql`${hotWalletNonces.nextNonce} + 1` })
    .where(and(eq(hotWalletNonces.chainId, chainId), eq(hotWalletNonces.address, address)))
    .returning({ next: hotWalletNonces.nextNonce });
  return row!.next - 1;
}
