/** BalanceEvents (declared in modules/ledger) over Socket.IO: the user's own room, on every node once the adapter is shared. */
import { weiToEthNumber } from '@shifumi/money';
import type { BalanceEvents } from '../modules/ledger/balance-events';
import { userRoom, type GameServer } from './servers';

export function createBalanceEvents(io: GameServer): BalanceEvents {
  return {
    balanceChanged(userId, balanceWei) {
      io.to(userRoom(userId)).emit('balance', { balance: weiToEthNumber(balanceWei), balanceWei: balanceWei.toString() });
    },
    withdrawalSettled(userId, withdrawalId, status) {
      io.to(userRoom(userId)).emit('withdrawal_update', { id: withdrawalId, status });
    },
    withdrawalReviewed(userId, withdrawalId, outcome) {
      io.to(userRoom(userId)).emit('withdrawal_update', { id: withdrawalId, ...outcome });
    },
    depositProgress(userId, update) {
      io.to(userRoom(userId)).emit('deposit_update', update);
    },
  };
}
