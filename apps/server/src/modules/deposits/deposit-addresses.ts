/**
 * Personal deposit addresses: user N's address is m/44'/60'/1'/0/{depositIndex}
 * of the deposit mnemonic, stored lower-case in `users.wallet_address` at
 * registration, or on first need for accounts created before deposits existed.
 * The index comes from a database sequence, so two users never share one.
 */
import type { Address } from 'viem';
import type { Executor } from '../../infra/db/database';
import type { HdWallet } from '../../infra/chain/hd-wallet';
import * as repo from './deposit-addresses.repo';

/** The deposit addresses in the database were derived from another mnemonic. */
export class DepositMnemonicMismatchError extends Error {
  override name = 'DepositMnemonicMismatchError';
}

export interface DepositAddresses {
  /** The address of a deposit index, lower-case. */
  addressFor(index: number): Address;
  /** The user's deposit address, assigning it if the user has none yet. */
  ensureFor(userId: string): Promise<Address>;
  /** The owner of a deposit address (given in any case), or undefined. */
  ownerOf(address: string): Promise<{ userId: string; depositIndex: number } | undefined>;
  /**
   * Checks that the stored addresses (the first and the last assigned) derive
   * from this wallet: a changed DEPOSIT_MNEMONIC would send deposits to
   * addresses the server cannot sweep.
   *
   * @throws DepositMnemonicMismatchError
   */
  verifyDerivation(): Promise<void>;
}

export function createDepositAddresses(db: Executor, wallet: HdWallet): DepositAddresses {
  const cache = new Map<number, Address>();
  function addressFor(index: number): Address {
    let address = cache.get(index);
    if (address === undefined) {
      address = wallet.depositAccount(index).address.toLowerCase() as Address;
      if (cache.size > 10_000) cache.clear();
      cache.set(index, address);
    }
    return address;
  }

  return {
    addressFor,

    async ensureFor(userId) {
      const row = await repo.depositAddressOf(db, userId);
      if (!row) throw new Error(`No user ${userId}`);
      if (row.walletAddress !== null) return row.walletAddress as Address;
      const address = addressFor(row.depositIndex);
      // Only fills an empty column: concurrent calls write the same value once.
      await repo.fillDepositAddress(db, userId, address);
      return address;
    },

    async ownerOf(address) {
      return repo.depositAddressOwner(db, address.toLowerCase());
    },

    async verifyDerivation() {
      for (const row of await repo.firstAndLastDepositAddresses(db)) {
        if (addressFor(Number(row.deposit_index)) !== row.wallet_address.toLowerCase()) {
          throw new DepositMnemonicMismatchError(
            'the deposit addresses in the database were not derived from the configured DEPOSIT_MNEMONIC: ' +
              'start the server with the mnemonic they came from (deposits to them could not be swept otherwise)',
          );
        }
      }
    },
  };
}

/** Every assigned deposit address with its owner (for reconciliation and the holdings check). */
export async function listDepositAddresses(db: Executor): Promise<Array<{ userId: string; address: Address }>> {
  const rows = await repo.assignedDepositAddresses(db);
  return rows.map((row) => ({ userId: row.userId, address: row.address!.toLowerCase() as Address }));
}
