/** The deposit addresses stored on `users` (decision 039: SQL only in repositories). */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { users } from '../../infra/db/schema/index';

export async function depositAddressOf(
  db: Executor,
  userId: string,
): Promise<{ walletAddress: string | null; depositIndex: number } | undefined> {
  const [row] = await db
    .select({ walletAddress: users.walletAddress, depositIndex: users.depositIndex })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Fills the user's deposit address only when empty: concurrent calls write the same value once. */
export async function fillDepositAddress(db: Executor, userId: string, address: string): Promise<void> {
  await db
    .update(users)
    .set({ walletAddress: address })
    .where(and(eq(users.id, userId), isNull(users.walletAddress)));
}

/** The owner of a deposit address (lower case), or undefined. */
export async function depositAddressOwner(
  db: Executor,
  address: string,
): Promise<{ userId: string; depositIndex: number } | undefined> {
  const [row] = await db
    .select({ userId: users.id, depositIndex: users.depositIndex })
    .from(users)
    .where(sql`lower(${users.walletAddress}) = ${address}`)
    .limit(1);
  return row;
}

/** The first and the last assigned deposit addresses with their indexes. */
export async function firstAndLastDepositAddresses(db: Executor): Promise<{ deposit_index: number; wallet_address: string }[]> {
  const rows = await db.execute<{ deposit_index: number; wallet_address: string }>(sql`
        (SELECT deposit_index, wallet_address FROM users WHERE wallet_address IS NOT NULL ORDER BY deposit_index ASC LIMIT 1)
        UNION ALL
        (SELECT deposit_index, wallet_address FROM users WHERE wallet_address IS NOT NULL ORDER BY deposit_index DESC LIMIT 1)`);
  return rows.rows;
}

/** Every assigned deposit address with its owner. */
export async function assignedDepositAddresses(db: Executor): Promise<{ userId: string; address: string | null }[]> {
  return db.select({ userId: users.id, address: users.walletAddress }).from(users).where(isNotNull(users.walletAddress));
}
