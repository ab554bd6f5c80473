/**
 * The matchmaking queue: one FIFO queue per bet amount, at most one ticket per
 * user across all amounts (a user searching in two tabs has one ticket).
 * The in-process implementation serves one node; the Redis one
 * (redis-match-queue.ts) serves several, behind the same interface, checked by
 * the same contract tests (match-queue.contract.ts).
 */
import { BET_AMOUNTS, type BetAmount, type Character } from '@shifumi/protocol';

export interface QueueTicket {
  userId: string;
  betUsd: BetAmount;
  character: Character;
  /** The socket that searched: it receives game_found (or the error when the match fails). */
  socketId: string;
  /** Epoch ms when the ticket was queued (first come, first served). */
  queuedAt: number;
  /**
   * The node instance holding the searching socket, stamped by queues that span
   * nodes (a ticket whose node died is dropped, never matched); kept when the
   * ticket is restored by another node.
   */
  node?: string;
}

export type EnqueueAndTake = { queued: false } | { queued: true; pair: [QueueTicket, QueueTicket] | undefined; more: boolean };

export interface MatchQueue {
  /** Queues the ticket; false (nothing changes) when the user already has a ticket, whatever its amount. */
  enqueue(ticket: QueueTicket): Promise<boolean>;
  /**
   * Issue 30: `enqueue`, then — when it queued — `takePair` of the ticket's
   * amount, in one step (one Redis script with several nodes): `more` says
   * whether two tickets or more still wait at that amount afterwards.
   */
  enqueueAndTake(ticket: QueueTicket): Promise<EnqueueAndTake>;
  /** Removes the user's ticket, if any, and returns it. */
  remove(userId: string): Promise<QueueTicket | undefined>;
  /** Removes the user's ticket only if that socket queued it (the searching socket went away); returns it. */
  removeSocket(userId: string, socketId: string): Promise<QueueTicket | undefined>;
  /** Whether the user has a ticket. */
  has(userId: string): Promise<boolean>;
  /**
   * Atomically takes the two oldest tickets of the amount's queue (always of
   * two different users, since a user has one ticket), or nothing when fewer
   * than two wait.
   */
  takePair(betUsd: BetAmount): Promise<[QueueTicket, QueueTicket] | undefined>;
  /** Puts a taken ticket back at the head of its queue (its opponent could not pay); false if the user queued again meanwhile. */
  restore(ticket: QueueTicket): Promise<boolean>;
  /** Tickets waiting per amount (metrics). */
  lengths(): Promise<Partial<Record<BetAmount, number>>>;
  /**
   * Issue 24: players searching at each of the seven amounts right now (the
   * lobby), zero included; only tickets that can still be matched count (with
   * several nodes, not those of a dead node).
   */
  waiting(): Promise<Record<BetAmount, number>>;
}

/** Every amount at zero. */
export function noneWaiting(): Record<BetAmount, number> {
  return Object.fromEntries(BET_AMOUNTS.map((amount) => [amount, 0])) as Record<BetAmount, number>;
}

export function createInProcessMatchQueue(): MatchQueue {
  const queues = new Map<BetAmount, QueueTicket[]>();
  const byUser = new Map<string, QueueTicket>();
  const queueOf = (amount: BetAmount) => {
    let queue = queues.get(amount);
    if (!queue) {
      queue = [];
      queues.set(amount, queue);
    }
    return queue;
  };

  /** Removes the user's ticket (only if `socketId` queued it, when given). */
  function take(userId: string, socketId?: string): QueueTicket | undefined {
    const ticket = byUser.get(userId);
    if (!ticket || (socketId !== undefined && ticket.socketId !== socketId)) return undefined;
    byUser.delete(userId);
    const queue = queueOf(ticket.betUsd);
    const index = queue.findIndex((candidate) => candidate.userId === userId);
    if (index >= 0) queue.splice(index, 1);
    return ticket;
  }

  function enqueue(ticket: QueueTicket): boolean {
    if (byUser.has(ticket.userId)) return false;
    byUser.set(ticket.userId, ticket);
    queueOf(ticket.betUsd).push(ticket);
    return true;
  }

  function takePair(betUsd: BetAmount): [QueueTicket, QueueTicket] | undefined {
    const queue = queueOf(betUsd);
    if (queue.length < 2) return undefined;
    const first = queue.shift()!;
    const second = queue.shift()!;
    byUser.delete(first.userId);
    byUser.delete(second.userId);
    return [first, second];
  }

  return {
    async enqueue(ticket) {
      return enqueue(ticket);
    },

    async enqueueAndTake(ticket) {
      if (!enqueue(ticket)) return { queued: false };
      const pair = takePair(ticket.betUsd);
      return { queued: true, pair, more: queueOf(ticket.betUsd).length >= 2 };
    },

    async remove(userId) {
      return take(userId);
    },

    async removeSocket(userId, socketId) {
      return take(userId, socketId);
    },

    async has(userId) {
      return byUser.has(userId);
    },

    async takePair(betUsd) {
      return takePair(betUsd);
    },

    async restore(ticket) {
      if (byUser.has(ticket.userId)) return false;
      byUser.set(ticket.userId, ticket);
      queueOf(ticket.betUsd).unshift(ticket);
      return true;
    },

    async lengths() {
      const lengths: Partial<Record<BetAmount, number>> = {};
      for (const [amount, queue] of queues) if (queue.length > 0) lengths[amount] = queue.length;
      return lengths;
    },

    async waiting() {
      const counts = noneWaiting();
      for (const ticket of byUser.values()) counts[ticket.betUsd] += 1;
      return counts;
    },
  };
}
