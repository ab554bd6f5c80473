/**
 * Matchmaking: one queue per bet amount. Before queueing, the amount is one
 * of the options, the price is fresh, the balance covers the stake (USD → wei
 * at the current price, rounded up) and the user is neither searching nor
 * playing (any tab). Two tickets of one amount make a game; if one player
 * cannot pay at that moment, nobody is charged, that player gets the error and
 * the other stays queued.
 */
import { stakeFor } from '@shifumi/money';
import type { BetAmount, PlayRefusalCode, SearchGamePayload, SocketRefusal, SocketRefusalOf } from '@shifumi/protocol';
import type { Database } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { GameService, MatchRequest } from '../games/game.service';
import { LedgerAccounts } from '../ledger/ledger-accounts';
import { monotonicNow } from '../leases/lease-store';
import type { PriceService } from '../price/price.service';
import { checkPlayAllowed } from '../responsible-gaming/responsible-gaming.service';
import type { MatchQueue, QueueTicket } from './match-queue';
import type { PlayerFacts } from './player-facts';
import { readSearchFacts } from './search-facts.repo';

/** The stake of a bet at a price lives in `@shifumi/money` (home checks the balance with it too); re-exported for the tests. */
export { stakeFor };

export interface MatchmakingDeps {
  db: Database;
  queue: MatchQueue;
  games: GameService;
  price: PriceService;
  clock: Clock;
  logger: Logger;
  /** Tells a socket that its search failed, and why (realtime/ says it in words). */
  notifyError: (socketId: string, refusal: SocketRefusal) => void;
  /** Issue 16: what this node already knows of a player, to skip the early checks' query (decision 028). */
  facts?: PlayerFacts;
}

/**
 * Why a search was refused (issue 25: a code, said in words by the socket
 * layer): already searching or playing, no fresh price, the balance, or
 * responsible gaming or a freeze.
 */
export type SearchRefusal = SocketRefusalOf<
  'already_searching' | 'already_playing' | 'price_unavailable' | 'insufficient_balance' | PlayRefusalCode
>;

export type SearchResult = { ok: true } | { ok: false; refusal: SearchRefusal };

const refused = (code: 'already_playing' | 'price_unavailable'): SearchResult => ({ ok: false, refusal: { code } });

/**
 * The search's early checks: already playing, a fresh price, responsible gaming and a freeze, the balance. What
 * this node knows answers first; else one read (issue 30: no transaction, no lock — the start transaction checks
 * everything again, authoritatively, under the players' locks).
 */
async function checkSearch(deps: MatchmakingDeps, userId: string, betUsd: number): Promise<SearchResult> {
  const { games, price } = deps;
  const playingHere = games.playingKnownHere(userId);
  if (playingHere === true) return refused('already_playing');
  const fresh = price.requireFresh();
  if (!fresh.ok) {
    // "Already playing" is said first, whatever else holds: asked on this rare path only.
    if (playingHere === undefined && (await games.isPlaying(userId))) return refused('already_playing');
    return refused('price_unavailable');
  }
  const stake = stakeFor(betUsd, fresh.value.microUsdPerEth);
  // Issue 16: a player this node found clear a moment ago, with a balance it told, searches without a query —
  // with several nodes, only if their last game settled on this node a moment ago (issue 30).
  const free = playingHere === false || deps.facts?.freeOfGames(userId) === true;
  if (free && deps.facts?.clearToSearch(userId, stake)) return { ok: true };
  const known = await readSearchFacts(deps.db, userId, LedgerAccounts.user(userId).code);
  if (known.playing) return refused('already_playing');
  // Issue 19: refused early (time-out, self-exclusion, limits); the escrow step checks again, authoritatively.
  const cleared: string[] = [];
  const refusal = await checkPlayAllowed(
    deps.db,
    { userIds: [userId], stakeWei: stake, betUsd, priceMicroUsd: fresh.value.microUsdPerEth, now: deps.clock() },
    (id) => cleared.push(id),
    known.facts,
  );
  if (refusal) return { ok: false, refusal: refusal.refusal };
  deps.facts?.noteBalance(userId, known.balanceWei);
  if (cleared.includes(userId)) deps.facts?.noteClear(userId);
  if (known.balanceWei < stake) return { ok: false, refusal: { code: 'insufficient_balance', params: { stakeWei: stake } } };
  return { ok: true };
}

export function createMatchmaking(deps: MatchmakingDeps) {
  const { queue, games, price, logger } = deps;

  /**
   * Pairs tickets of this amount: `first`, the pair the search's own step took
   * (issue 30: queued and taken in one step), then more while two or more wait.
   */
  async function match(
    betUsd: BetAmount,
    first: [QueueTicket, QueueTicket] | undefined,
    more: boolean,
    searchTiming?: MatchRequest['searchTiming'],
  ): Promise<void> {
    const aside = { tickets: [] as QueueTicket[], older: undefined as QueueTicket | undefined };
    try {
      await matchSkippingLinked(betUsd, aside, first, more, searchTiming);
    } finally {
      if (aside.tickets.length > 0) {
        const older = aside.older && (await queue.remove(aside.older.userId));
        for (const ticket of aside.tickets.reverse()) await queue.restore(ticket);
        if (older) await queue.restore(older);
      }
    }
  }

  async function matchSkippingLinked(
    betUsd: BetAmount,
    aside: { tickets: QueueTicket[]; older: QueueTicket | undefined },
    first: [QueueTicket, QueueTicket] | undefined,
    more: boolean,
    searchTiming: MatchRequest['searchTiming'],
  ): Promise<void> {
    let taken = first;
    // After the first pair, the queue is read again only if more were waiting or tickets went back to it.
    let again = more;
    for (;;) {
      const fromStep = taken !== undefined;
      const pair = taken ?? (again ? await queue.takePair(betUsd) : undefined);
      taken = undefined;
      again = true;
      if (!pair) return;
      const fresh = price.requireFresh();
      if (!fresh.ok) {
        for (const ticket of pair) deps.notifyError(ticket.socketId, { code: 'price_unavailable' });
        return;
      }
      const stakeWei = stakeFor(betUsd, fresh.value.microUsdPerEth);
      let outcome;
      try {
        outcome = await games.start({
          betUsd,
          stakeWei,
          priceMicroUsd: fresh.value.microUsdPerEth,
          ...(fromStep && searchTiming ? { searchTiming } : {}),
          players: [
            { userId: pair[0].userId, character: pair[0].character, socketId: pair[0].socketId },
            { userId: pair[1].userId, character: pair[1].character, socketId: pair[1].socketId },
          ],
        });
      } catch (error) {
        logger.error({ err: error }, 'A game could not start; both players are told');
        for (const ticket of pair) deps.notifyError(ticket.socketId, { code: 'game_not_started' });
        continue;
      }
      if (outcome.ok) {
        // The step's own pair started: the queue is read again only if two more were waiting then.
        if (fromStep) again = more;
        continue;
      }
      if (outcome.linked) {
        // Issue 18: linked accounts never play each other (the start transaction asked). The older one keeps its
        // place and meets the next; the younger waits aside until this pass ends.
        aside.tickets.push(pair[1]);
        aside.older = pair[0];
        await queue.restore(pair[0]);
        continue;
      }
      const unable = new Set(outcome.unable.map((entry) => entry.userId));
      for (const entry of outcome.unable) {
        const ticket = pair.find((candidate: QueueTicket) => candidate.userId === entry.userId);
        if (ticket) deps.notifyError(ticket.socketId, entry.refusal);
      }
      // The one who could pay keeps their place at the head of the queue.
      for (const ticket of pair) if (!unable.has(ticket.userId)) await queue.restore(ticket);
    }
  }

  return {
    /** Queues a search (`search` was parsed at the edge with the protocol's `searchGameSchema`). */
    async search(
      userId: string,
      socketId: string,
      search: Pick<SearchGamePayload, 'amount' | 'character'>,
    ): Promise<SearchResult> {
      const { amount, character } = search;
      const receivedAt = monotonicNow();
      // Issue 30: a search already queued is refused by the queue's own step below; asking first cost a round trip.
      const checked = await checkSearch(deps, userId, amount);
      if (!checked.ok) return checked;
      const ticket = { userId, betUsd: amount, character, socketId, queuedAt: deps.clock().getTime() };
      const checkedAt = monotonicNow();
      const queued = await queue.enqueueAndTake(ticket);
      if (!queued.queued) return { ok: false, refusal: { code: 'already_searching' } };
      const searchTiming = { checksMs: elapsedMs(receivedAt, checkedAt), queueMs: elapsedMs(checkedAt, monotonicNow()) };
      await match(amount, queued.pair, queued.more, searchTiming);
      return { ok: true };
    },

    /** Leaves the queue (cancel_search from any tab). */
    async cancel(userId: string): Promise<void> {
      await queue.remove(userId);
    },

    /** A socket went away: its search (if it was the searching one) ends; another tab's search keeps its place. */
    async socketGone(userId: string, socketId: string): Promise<void> {
      await queue.removeSocket(userId, socketId);
    },
  };
}

export type Matchmaking = ReturnType<typeof createMatchmaking>;

/** Milliseconds between two monotonic readings, to a hundredth (a log line's figure). */
const elapsedMs = (from: number, to: number) => Math.round((to - from) * 100) / 100;
