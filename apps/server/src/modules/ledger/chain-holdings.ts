/**
 * What the server holds on chain, for the ledger check's coverage rule: the
 * hot wallet plus every deposit address that ever received a deposit
 * (unswept ETH stays there), plus withdrawals already broadcast but not yet
 * settled in the ledger (their ETH may have left the hot wallet while the
 * ledger still owes them: counting them avoids a false alarm, at the price of
 * counting an unmined one twice).
 */
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Executor } from '../../infra/db/database';
import type { ChainContext } from '../../infra/chain/chain-runtime';

export function createChainHoldings(db: Executor, chain: ChainContext): () => Promise<bigint> {
  return async () => {
    const chainId = chain.settings.chainId;
    const addresses = await db.execute<{ address: string }>(
      sql`SELECT DISTINCT address FROM deposits WHERE chain_id = ${chainId}`,
    );
    const inFlight = await db.execute<{ total: string }>(
      sql`SELECT COALESCE(SUM(amount), 0)::text AS total FROM withdrawals WHERE chain_id = ${chainId} AND status = 'sent'`,
    );
    let total = await chain.publicClient.getBalance({ address: chain.hotWalletAddress });
    for (const row of addresses.rows) {
      total += await chain.publicClient.getBalance({ address: row.address as Address });
    }
    return total + BigInt(inFlight.rows[0]!.total);
  };
}
