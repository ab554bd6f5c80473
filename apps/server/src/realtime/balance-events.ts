/**
 * Tells a user's open sockets (every tab, every node once the adapter is
 * shared) that their balance changed: deposit credited, stake escrowed,
 * payout, refund, withdrawal.
 */
import { weiToEthNumber } from '@shifumi/money';
import { userRoom, type GameServer } from './servers';

export interface BalanceEvents {
  balanceChanged(userId: string, balanceWei: bigint): void;
}

export function createBalanceEvents(io: GameServer): BalanceEvents {
  return {
    balanceChanged(userId, balanceWei) {
      io.to(userRoom(userId)).emit('balance', { balance: weiToEthNumber(balanceWei), balanceWei: balanceWei.toString() });
    },
  };
}

/** For services built without sockets (scripts, unit tests). */
export const noBalanceEvents: BalanceEvents = { balanceChanged() {} };
