/**
 * Personal deposit addresses: user N's address is m/44'/60'/1'/0/{depositIndex}
 * of the deposit mnemonic, stored lower-case in `users.wallet_address` at
 * registration, or on first need for accounts created before deposits existed.
 * The index comes from a database sequence, so two users never share one.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Executor } from '../../infra/db/database';
import { users } from '../../infra/db/schema/index';
import type { HdWallet } from '../../infra/chain/hd-wallet';

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
      const [row] = await db
        .select({ walletAddress: users.walletAddress, depositIndex: users.depositIndex })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) throw new Error(`No user ${userId}`);
      if (row.walletAddress !== null) return row.walletAddress as Address;
      const address = addressFor(row.depositIndex);
      // Only fills an empty column: concurrent calls write the same value once.
      await db
        .update(users)
        .set({ walletAddress: address })
        .where(and(eq(users.id, userId), isNull(users.walletAddress)));
      return address;
    },

    async ownerOf(address) {
      const [row] = await db
        .select({ userId: users.id, depositIndex: users.depositIndex })
        .from(users)
        .where(sql`lower(${users.walletAddress}) = ${address.toLowerCase()}`)
        .limit(1);
      return row;
    },

    async verifyDerivation() {
      const rows = await db.execute<{ deposit_index: number; wallet_address: string }>(sql`
        (SELECT deposit_index, wallet_address FROM users WHERE wallet_address IS NOT NULL ORDER BY deposit_index ASC LIMIT 1)
        UNION ALL
        (SELECT deposit_index, wallet_address FROM users WHERE wallet_address IS NOT NULL ORDER BY deposit_index DESC LIMIT 1)`);
      for (const row of rows.rows) {
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
  const rows = await db
    .select({ userId: users.id, address: users.walletAddress })
    .from(users)
    .where(isNotNull(users.walletAddress));
  return rows.map((row) => ({ userId: row.userId, address: row.address!.toLowerCase() as Address }));
}
