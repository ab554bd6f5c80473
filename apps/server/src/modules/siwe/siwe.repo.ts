/** The sign-in-with-Ethereum nonces (decision 039: SQL only in repositories). */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { siweNonces } from '../../infra/db/schema/index';

/** Marks the nonce used at `usedAt` when it is unused and not expired at `now`; what it was issued for, or undefined. */
export async function useNonce(
  db: Executor,
  nonce: string,
  usedAt: Date,
  now: Date,
): Promise<Pick<typeof siweNonces.$inferSelect, 'purpose' | 'sessionId'> | undefined> {
  const rows = await db
    .update(siweNonces)
    .set({ usedAt })
    .where(and(eq(siweNonces.nonce, nonce), isNull(siweNonces.usedAt), gt(siweNonces.expiresAt, now)))
    .returning({ purpose: siweNonces.purpose, sessionId: siweNonces.sessionId });
  return rows.length === 1 ? rows[0] : undefined;
}

export async function insertNonce(db: Executor, row: typeof siweNonces.$inferInsert): Promise<void> {
  await db.insert(siweNonces).values(row);
}
