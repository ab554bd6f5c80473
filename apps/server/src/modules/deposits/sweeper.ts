/**
 * Sweeps credited deposits from the deposit addresses to the hot wallet.
 *
 * Gas is paid out of the swept amount (value = confirmed balance − gas limit ×
 * max fee); a balance below twice the most the gas can cost is dust and stays
 * until it is worth sweeping. The sweep is recorded before it is broadcast;
 * once its receipt has the required confirmations the fee actually paid
 * (gas used × effective gas price) is recorded, and the ledger moves it from
 * the house to network fees in the same transaction — players' balances are
 * untouched, the house pays the gas.
 *
 * Issue 30: a pass looks at the addresses it was given (those credited or
 * whose sweep failed since), not at every address that ever received ETH —
 * two balance reads each on the node every pass, which grew with the players.
 * The watcher asks for all of them once per reconciliation interval (and on
 * its first pass), so dust that became worth sweeping is found then.
 */
import { type Hex, keccak256, TransactionNotFoundError, TransactionReceiptNotFoundError } from 'viem';
import type { ChainContext } from '../../infra/chain/chain-runtime';
import { PLAIN_TRANSFER_GAS } from '../../infra/chain/gas';
import type { Database } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { transfer } from '../ledger/ledger.service';
import { confirmations } from './block-scanner';
import type { DepositAddresses } from './deposit-addresses';
import { addressesWithCredits, markSweepLost, markSweepMined, openSweeps, recordSweep } from './deposits.repo';

/** A sweep is worth sending when the balance is at least this many times its maximum gas cost. */
export const SWEEP_MIN_GAS_MULTIPLE = 2n;
/** A sweep the node does not know after this long was never broadcast (crash) or dropped: it failed. */
export const SWEEP_LOST_AFTER_MS = 120_000;

export interface SweeperDeps {
  db: Database;
  chain: ChainContext;
  depositAddresses: DepositAddresses;
  logger: Logger;
  clock: Clock;
}

export function createSweeper(deps: SweeperDeps) {
  const { db, chain, logger, clock } = deps;
  const chainId = chain.settings.chainId;
  const client = chain.publicClient;

  async function receiptOf(hash: Hex) {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    }
  }

  async function isKnown(hash: Hex): Promise<boolean> {
    try {
      await client.getTransaction({ hash });
      return true;
    } catch (error) {
      if (error instanceof TransactionNotFoundError) return false;
      throw error;
    }
  }

  /**
   * Settles broadcast sweeps whose receipts have enough confirmations; fails lost ones. Returns the addresses to
   * sweep again (a sweep lost or failed on chain).
   */
  async function settle(head: bigint): Promise<Set<string>> {
    const again = new Set<string>();
    for (const sweep of await openSweeps(db, chainId)) {
      const hash = sweep.txHash as Hex;
      const receipt = await receiptOf(hash);
      if (receipt === null) {
        if (clock().getTime() - sweep.createdAt.getTime() > SWEEP_LOST_AFTER_MS && !(await isKnown(hash))) {
          if (await markSweepLost(db, sweep.id)) {
            logger.warn({ txHash: hash, address: sweep.address, nonce: sweep.nonce }, 'Sweep lost (never mined): marked failed');
            again.add(sweep.address);
          }
        }
        continue;
      }
      if (confirmations(receipt.blockNumber, head) < BigInt(chain.settings.depositConfirmations)) continue;
      const fee = receipt.gasUsed * receipt.effectiveGasPrice;
      const status = receipt.status === 'success' ? ('confirmed' as const) : ('failed' as const);
      await db.transaction(async (tx) => {
        if (!(await markSweepMined(tx, sweep.id, { status, fee, blockNumber: receipt.blockNumber })) || fee === 0n) return;
        await transfer(tx, {
          idempotencyKey: `sweep-fee:${chainId}:${hash}`,
          kind: 'sweep_fee',
          legs: [{ from: LedgerAccounts.house, to: LedgerAccounts.networkFees, amount: fee }],
          memo: { txHash: hash, address: sweep.address },
        });
      });
      logger.info(
        { txHash: hash, address: sweep.address, status, value: sweep.value.toString(), fee: fee.toString() },
        'Sweep settled',
      );
      if (status === 'failed') again.add(sweep.address);
    }
    return again;
  }

  /**
   * Sweeps every address with credited ETH (or those of `only`) whose balance at the confirmed block
   * `confirmedBlock` is worth it. Returns the addresses of `only` left for a later pass: a sweep of theirs is still in
   * flight.
   */
  async function sweep(confirmedBlock: bigint, only?: ReadonlySet<string>): Promise<Set<string>> {
    const later = new Set<string>();
    if (only !== undefined && only.size === 0) return later;
    const credited = await addressesWithCredits(db, chainId, only === undefined ? undefined : [...only]);
    if (credited.length === 0) return later;
    const busy = new Set((await openSweeps(db, chainId)).map((row) => row.address));
    const candidates = credited.filter((candidate) => !busy.has(candidate.address));
    for (const { address } of credited) if (busy.has(address)) later.add(address);
    if (candidates.length === 0) return later;
    const fees = await client.estimateFeesPerGas();
    const maxGasCost = PLAIN_TRANSFER_GAS * fees.maxFeePerGas;
    for (const { address } of candidates) {
      const confirmed = await client.getBalance({ address, blockNumber: confirmedBlock });
      const latest = await client.getBalance({ address });
      // Only confirmed ETH is swept, and only if nothing left the address since.
      const balance = confirmed < latest ? confirmed : latest;
      if (balance < SWEEP_MIN_GAS_MULTIPLE * maxGasCost) continue;
      const owner = await deps.depositAddresses.ownerOf(address);
      if (!owner) continue;
      const account = chain.hdWallet.depositAccount(owner.depositIndex);
      if (account.address.toLowerCase() !== address) {
        logger.error({ address }, 'Deposit address does not derive from its index: not swept');
        continue;
      }
      const nonce = await client.getTransactionCount({ address, blockTag: 'pending' });
      const value = balance - maxGasCost;
      const raw = await account.signTransaction({
        chainId,
        type: 'eip1559',
        to: chain.hotWalletAddress,
        value,
        nonce,
        gas: PLAIN_TRANSFER_GAS,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      const txHash = keccak256(raw);
      // Recorded first: reconciliation skips an address with an open sweep, so a sweep in
      // flight is never mistaken for missing ETH, and after a crash settle() finds it.
      const recorded = await recordSweep(db, { chainId, address, txHash, nonce, value, maxFee: maxGasCost, createdAt: clock() });
      if (!recorded) {
        logger.error({ address, nonce }, 'A sweep with this nonce is already recorded: not swept');
        continue;
      }
      try {
        await client.sendRawTransaction({ serializedTransaction: raw });
        logger.info({ address, txHash, value: value.toString() }, 'Sweep sent to the hot wallet');
      } catch (error) {
        // Maybe accepted anyway (a timeout): settle() decides from the chain.
        logger.warn({ err: error, address, txHash }, 'Sweep broadcast failed');
      }
    }
    return later;
  }

  return { settle, sweep };
}

export type Sweeper = ReturnType<typeof createSweeper>;
