/** The two-factor state's writes (decision 039: SQL only in repositories); the row is locked by `lockSecurityRow` first. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../infra/db/database';
import { accountSecurity, recoveryCodes } from '../../infra/db/schema/index';

/** The columns of the account_security row the two-factor flows change. */
export type SecurityChange = Partial<
  Pick<
    typeof accountSecurity.$inferInsert,
    | 'lastTotpStep'
    | 'failedCodes'
    | 'lockedUntil'
    | 'pendingTotpSecret'
    | 'totpSecret'
    | 'twoFactorEnabledAt'
    | 'securityChangedAt'
  >
>;

export async function updateSecurityRow(tx: Executor, userId: string, change: SecurityChange): Promise<void> {
  await tx.update(accountSecurity).set(change).where(eq(accountSecurity.userId, userId));
}

/** Marks the unused recovery code with this hash used; true when there was one. */
export async function useRecoveryCode(tx: Executor, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/** The user's recovery codes become these (hashed); none when `codeHashes` is empty. */
export async function replaceRecoveryCodes(tx: Executor, userId: string, codeHashes: readonly string[]): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0) await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}
