/** SQL of withdrawals: requests, attempts (signed transactions) and the hot wallet's nonces. */
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { hotStatement, runHot } from '../../infra/db/hot-statement';
import { hotWalletNonces, users, withdrawalAttempts, withdrawals } from '../../infra/db/schema/index';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalAttemptRow = typeof withdrawalAttempts.$inferSelect;
export type NewWithdrawalAttempt = Omit<typeof withdrawalAttempts.$inferInsert, 'id' | 'status'>;

export const WITHDRAWALS_IDEMPOTENCY_UNIQUE = 'withdrawals_user_idempotency_key';

/** Issue 23: true when `address` (lower-case) is the deposit address of any player. */
export async function isDepositAddress(db: Executor, address: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.walletAddress}) = ${address}`)
    .limit(1);
  return row !== undefined;
}

export async function findByIdempotencyKey(db: Executor, userId: string, key: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** Oldest first, so that nonces follow the order of the requests. */
export function withdrawalsInStatus(db: Executor, chainId: number, status: 'queued' | 'sent', limit = 50) {
  return db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.chainId, chainId), eq(withdrawals.status, status)))
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
    .limit(limit);
}

const WITHDRAWAL_SENDER_WORK = hotStatement(
  'withdrawal_sender_work_v1',
  `select exists (select 1 from withdrawals where chain_id = $1::int and status = 'queued') as queued,
          exists (select 1 from withdrawals where chain_id = $1::int and status = 'sent') as sent`,
);

/**
 * Issue 30: whether the withdrawal sender's pass has anything to do — a withdrawal queued, or sent and not settled
 * (signed attempts belong to those) — in one light statement, so that a pass with neither reads nothing else.
 */
export async function withdrawalSenderWork(db: Executor, chainId: number): Promise<{ queued: boolean; sent: boolean }> {
  const [row] = await runHot<{ queued: boolean; sent: boolean }>(db, WITHDRAWAL_SENDER_WORK, [chainId]);
  return { queued: row?.queued === true, sent: row?.sent === true };
}

/** A withdrawal by id (no lock). */
export async function findWithdrawal(db: Executor, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return row;
}

/** When the user's withdrawals since `since` were asked for, oldest first, at most `limit`. */
export async function withdrawalTimesSince(
  tx: Executor,
  userId: string,
  since: Date,
  limit: number,
): Promise<{ createdAt: Date }[]> {
  return tx
    .select({ createdAt: withdrawals.createdAt })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), gt(withdrawals.createdAt, since)))
    .orderBy(asc(withdrawals.createdAt))
    .limit(limit);
}

export async function insertWithdrawal(
  tx: Executor,
  values: typeof withdrawals.$inferInsert,
): Promise<WithdrawalRow | undefined> {
  const [inserted] = await tx.insert(withdrawals).values(values).returning();
  return inserted;
}

/** Re-reads a withdrawal under a row lock, to change its status exactly once. */
export async function lockWithdrawal(tx: Executor, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

export async function updateWithdrawal(tx: Executor, id: string, values: Partial<Omit<WithdrawalRow, 'id'>>): Promise<void> {
  await tx.update(withdrawals).set(values).where(eq(withdrawals.id, id));
}

/** Attempts of one withdrawal, first signed first. */
export function attemptsOf(db: Executor, withdrawalId: string) {
  return db
    .select()
    .from(withdrawalAttempts)
    .where(eq(withdrawalAttempts.withdrawalId, withdrawalId))
    .orderBy(asc(withdrawalAttempts.createdAt), asc(withdrawalAttempts.id));
}

export async function insertAttempt(tx: Executor, attempt: NewWithdrawalAttempt): Promise<WithdrawalAttemptRow> {
  const [row] = await tx.insert(withdrawalAttempts).values(attempt).returning();
  if (!row) throw new Error(`withdrawal attempt ${attempt.txHash} was not stored`);
  return row;
}

/**
 * Attempts signed but maybe never broadcast (a crash in between, or a node
 * that refused them for a while): broadcast again, the same bytes, in nonce
 * order.
 */
export function signedAttempts(db: Executor, chainId: number) {
  return db
    .select({ attempt: withdrawalAttempts })
    .from(withdrawalAttempts)
    .innerJoin(withdrawals, eq(withdrawals.id, withdrawalAttempts.withdrawalId))
    .where(and(eq(withdrawalAttempts.status, 'signed'), eq(withdrawals.chainId, chainId), eq(withdrawals.status, 'sent')))
    .orderBy(asc(withdrawalAttempts.nonce), asc(withdrawalAttempts.createdAt));
}

/** Moves attempts to `status`, only from one of `onlyFrom` when given. */
export async function setAttemptStatus(
  db: Executor,
  attemptIds: readonly string[],
  status: WithdrawalAttemptRow['status'],
  onlyFrom?: readonly WithdrawalAttemptRow['status'][],
): Promise<void> {
  if (attemptIds.length === 0) return;
  await db
    .update(withdrawalAttempts)
    .set({ status })
    .where(
      and(
        inArray(withdrawalAttempts.id, [...attemptIds]),
        onlyFrom ? inArray(withdrawalAttempts.status, [...onlyFrom]) : sql`true`,
      ),
    );
}

/** Every other attempt of a withdrawal becomes `replaced` (one with the same nonce took its place). */
export async function markOtherAttemptsReplaced(tx: Executor, withdrawalId: string, keptAttemptId: string): Promise<void> {
  await tx
    .update(withdrawalAttempts)
    .set({ status: 'replaced' })
    .where(
      and(
        eq(withdrawalAttempts.withdrawalId, withdrawalId),
        ne(withdrawalAttempts.id, keptAttemptId),
        inArray(withdrawalAttempts.status, ['signed', 'broadcast']),
      ),
    );
}

export interface NonceCounts {
  /** The chain's pending transaction count: the first value when the row does not exist yet. */
  pending: number;
  /** The chain's mined transaction count: nonces below it are used up, whatever the row says. */
  mined: number;
}

/**
 * Allocates the hot wallet's next nonce inside the caller's transaction (the
 * row lock serialises allocations). The row is created from the chain's
 * pending count the first time; after that the database is the source, so two
 * senders can never take the same nonce. A nonce the chain has already used
 * (a database restored from a backup, something else that sent from the hot
 * wallet) is never handed out: the counter jumps to the mined count.
 */
export async function allocateNonce(tx: Executor, chainId: number, address: string, counts: NonceCounts): Promise<number> {
  await tx.insert(hotWalletNonces).values({ chainId, address, nextNonce: counts.pending }).onConflictDoNothing();
  const [row] = await tx
    .update(hotWalletNonces)
    .set({ nextNonce: sql`GREATEST(${hotWalletNonces.nextNonce}, ${counts.mined}) + 1` })
    .where(and(eq(hotWalletNonces.chainId, chainId), eq(hotWalletNonces.address, address)))
    .returning({ next: hotWalletNonces.nextNonce });
  if (!row) throw new Error(`no nonce row for ${address} on chain ${chainId}`);
  return row.next - 1;
}

/** Issue 26: the user's withdrawals waiting for staff, oldest first (the account status tells them). */
export function inReviewOf(db: Executor, userId: string): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'review')))
    .orderBy(asc(withdrawals.createdAt));
}
