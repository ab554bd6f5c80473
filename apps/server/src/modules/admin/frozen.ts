/** Issue 18: what a frozen account may not do (play, search, withdraw), checked where those happen. */
import type { Executor } from '../../infra/db/database';
import { refusal, type Refusal } from '../../shared/result';
import { frozenAtOf } from './players.repo';

export async function isFrozen(db: Executor, userId: string): Promise<boolean> {
  const row = await frozenAtOf(db, userId);
  return row !== undefined && row.frozenAt !== null;
}

/** The refusal a frozen account gets, or undefined. */
export async function frozenRefusal(db: Executor, userId: string): Promise<Refusal | undefined> {
  return (await isFrozen(db, userId)) ? refusal('account_frozen') : undefined;
}
