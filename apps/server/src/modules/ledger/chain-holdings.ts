/**
 * What the server holds on chain, for the ledger check's coverage rule: the
 * hot wallet plus every deposit address that ever received a deposit
 * (unswept ETH stays there), plus withdrawals already broadcast but not yet
 * settled in the ledger (their ETH may have left the hot wallet while the
 * ledger still owes them: counting them avoids a false alarm, at the price of
 * counting an unmined one twice).
 */
import type { Address } from 'viem';
import type { Executor } from '../../infra/db/database';
import type { ChainContext } from '../../infra/chain/chain-runtime';
import { depositAddressesAndInFlight } from './ledger-check.repo';

export function createChainHoldings(db: Executor, chain: ChainContext): () => Promise<bigint> {
  return async () => {
    const chainId = chain.settings.chainId;
    const { addresses, inFlight } = await depositAddressesAndInFlight(db, chainId);
    let total = await chain.publicClient.getBalance({ address: chain.hotWalletAddress });
    for (const address of addresses) {
      total += await chain.publicClient.getBalance({ address: address as Address });
    }
    return total + inFlight;
  };
}
