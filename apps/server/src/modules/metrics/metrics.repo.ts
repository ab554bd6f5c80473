/**
 * The database figures /metrics reports. Read-only; every node can answer
 * them, whichever node runs the deposit watcher and the withdrawal sender.
 */
import { and, eq, inArray, max, count } from 'drizzle-orm';
import type { Database } from '../../infra/db/database';
import { chainBlocks, withdrawals } from '../../infra/db/schema/index';

/** The highest block the deposit scanner has recorded on the chain, or undefined before its first scan. */
export async function scannerCursor(db: Database, chainId: number): Promise<bigint | undefined> {
  const [row] = await db
    .select({ cursor: max(chainBlocks.number) })
    .from(chainBlocks)
    .where(eq(chainBlocks.chainId, chainId));
  return row?.cursor ?? undefined;
}

/** Withdrawals debited and not yet settled: queued (no transaction yet) or sent (waiting for confirmations). */
export async function pendingWithdrawalCount(db: Database, chainId: number): Promise<number> {
  const [row] = await db
    .select({ pending: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.chainId, chainId), inArray(withdrawals.status, ['queued', 'sent'])));
  return row?.pending ?? 0;
}

/**
 * Blocks the scanner is behind the chain's head: `head - cursor`, never
 * negative (a head read from a lagging RPC node may be below the cursor);
 * undefined before the first scan.
 */
export function cursorLag(head: bigint, cursor: bigint | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  return head > cursor ? Number(head - cursor) : 0;
}
