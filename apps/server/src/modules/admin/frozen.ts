/** Issue 18: what a frozen account may not do (play, search, withdraw), checked where those happen. */
import { eq } from 'drizzle-orm';
import { ADMIN_TEXTS } from '@shifumi/protocol';
import type { Executor } from '../../infra/db/database';
import { users } from '../../infra/db/schema/index';
import type { Refusal } from '../../shared/result';

export async function isFrozen(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ frozenAt: users.frozenAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined && row.frozenAt !== null;
}

/** The refusal a frozen account gets, or undefined. */
export async function frozenRefusal(db: Executor, userId: string): Promise<Refusal | undefined> {
  return (await isFrozen(db, userId)) ? { code: 'account_frozen', message: ADMIN_TEXTS.accountFrozen } : undefined;
}
