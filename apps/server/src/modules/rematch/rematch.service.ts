/**
 * Issue 24: a rematch after an ended game. A player asks (`rematch_request`);
 * the opponent is offered it (`rematch_offered`) and answers
 * (`rematch_answer`). Accepted — or asked by both — a new game starts at the
 * same stake (at the current price), each player with their character,
 * through the games' own start transaction, which also takes the pending
 * request and records the game's one rematch (the `rematches` primary key):
 * a second accept, an accept after the 15 s timeout or a race of both asking
 * makes at most one game. Declined, unanswered for 15 s, the opponent gone or
 * busy → the requester gets `rematch_declined { room, reason }`. No rematch
 * after a game a player left (or lost by leaving the connection).
 */
import { LOBBY_TEXTS, REMATCH_TIMEOUT_MS, SERVER_TEXTS, SOCKET_TEXTS, type RematchDeclinedEvent, type RematchOfferedEvent } from '@shifumi/protocol';
import type { Database } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { PlayerPresenceCheck } from '../challenges/challenges.service';
import type { GameService } from '../games/game.service';
import type { MatchQueue } from '../matchmaking/match-queue';
import { stakeFor } from '../matchmaking/matchmaking.service';
import type { PriceService } from '../price/price.service';
import { clearRequests, hasFreshRequest, insertRematch, insertRequest, readGameForRematch, takeRequest, type EndedGame } from './rematch.repo';

/** What the rematch needs from the transport (realtime/ implements it). */
export interface RematchEvents {
  offered(toUserId: string, event: RematchOfferedEvent): void;
  declined(toUserId: string, event: RematchDeclinedEvent): void;
}

export interface RematchDeps {
  db: Database;
  games: Pick<GameService, 'start' | 'isPlaying'>;
  queue: Pick<MatchQueue, 'has'>;
  price: PriceService;
  clock: Clock;
  logger: Logger;
  events: RematchEvents;
  presence: PlayerPresenceCheck;
  /** How long a request waits for its answer (default REMATCH_TIMEOUT_MS; tests shorten it). */
  timeoutMs?: number;
}

/** The caller's answer: done, or refused with a sentence for the caller only. */
export type RematchResult = { ok: true } | { ok: false; message: string };

const LEFT_REASONS = new Set(['forfeit-leave', 'forfeit-disconnect']);

class RematchGoneError extends Error {
  constructor() {
    super('the rematch request is no longer pending');
  }
}

export function createRematch(deps: RematchDeps) {
  const { db, games, queue, price, clock, logger, events } = deps;
  const timeoutMs = deps.timeoutMs ?? REMATCH_TIMEOUT_MS;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const sinceNow = () => new Date(clock().getTime() - timeoutMs);
  const busy = async (userId: string) => (await queue.has(userId)) || (await games.isPlaying(userId));

  /** The game, if `userId` played it and it may be played again; or the caller's refusal. */
  async function playable(userId: string, room: string): Promise<{ game: EndedGame; opponent: EndedGame['players'][number]; me: EndedGame['players'][number] } | { refusal: string }> {
    const game = await readGameForRematch(db, room);
    const me = game?.players.find((player) => player.id === userId);
    if (!game || !me) return { refusal: SOCKET_TEXTS.notInGame };
    if (game.status === 'playing' || game.rematched) return { refusal: LOBBY_TEXTS.rematchUnknownGame };
    if (game.endReason !== null && LEFT_REASONS.has(game.endReason)) return { refusal: LOBBY_TEXTS.rematchNotAfterLeave };
    const opponent = game.players.find((player) => player.id !== userId)!;
    return { game, opponent, me };
  }

  function scheduleTimeout(room: string, requesterId: string): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      // Whoever takes the request first — this timeout, or the answer's start — decides.
      takeRequest(db, room, requesterId, null)
        .then((taken) => {
          if (taken) events.declined(requesterId, { room, reason: 'timeout' });
        })
        .catch((error: unknown) => logger.error({ err: error, room }, 'Rematch timeout failed'));
    }, timeoutMs);
    timer.unref();
    timers.add(timer);
  }

  /** Starts the rematch that `requesterId` asked for, `acceptorId` agreeing (by answering, or by asking too). */
  async function start(game: EndedGame, acceptorId: string, requesterId: string): Promise<RematchResult> {
    if (await busy(acceptorId)) return { ok: false, message: LOBBY_TEXTS.youAreBusy };
    const unable = (): RematchResult => {
      events.declined(requesterId, { room: game.id, reason: 'unable' });
      return { ok: false, message: LOBBY_TEXTS.rematchDeclined.unable };
    };
    if (await busy(requesterId)) return unable();
    const fresh = price.requireFresh();
    if (!fresh.ok) return { ok: false, message: SERVER_TEXTS.priceUnavailable };
    let outcome;
    try {
      outcome = await games.start({
        betUsd: game.betUsd,
        stakeWei: stakeFor(game.betUsd, fresh.value.microUsdPerEth),
        priceMicroUsd: fresh.value.microUsdPerEth,
        players: [
          { userId: game.players[0].id, character: game.players[0].character },
          { userId: game.players[1].id, character: game.players[1].character },
        ],
        inStart: async (tx, newGameId) => {
          if (!(await takeRequest(tx, game.id, requesterId, sinceNow()))) throw new RematchGoneError();
          await insertRematch(tx, game.id, newGameId);
          await clearRequests(tx, game.id);
        },
      });
    } catch (error) {
      if (error instanceof RematchGoneError) return { ok: false, message: LOBBY_TEXTS.rematchExpired };
      throw error;
    }
    if (outcome.ok) {
      logger.info({ gameId: game.id, rematch: outcome.gameId }, 'Rematch started');
      return { ok: true };
    }
    const own = outcome.unable.find((entry) => entry.userId === acceptorId);
    events.declined(requesterId, { room: game.id, reason: 'unable' });
    return { ok: false, message: own?.message ?? LOBBY_TEXTS.rematchDeclined.unable };
  }

  return {
    async request(userId: string, room: string): Promise<RematchResult> {
      const found = await playable(userId, room);
      if ('refusal' in found) return { ok: false, message: found.refusal };
      const { game, opponent, me } = found;
      if (await busy(userId)) return { ok: false, message: LOBBY_TEXTS.youAreBusy };
      if (!(await deps.presence.isConnected(opponent.id))) {
        events.declined(userId, { room, reason: 'left' });
        return { ok: true };
      }
      if (await busy(opponent.id)) {
        events.declined(userId, { room, reason: 'unable' });
        return { ok: true };
      }
      const now = clock();
      const since = sinceNow();
      // The game's row locked: two players asking at once are seen one after the other, so the second finds the first.
      const step = await db.transaction(async (tx) => {
        const locked = await readGameForRematch(tx, room, true);
        if (!locked || locked.rematched) return 'gone' as const;
        if (await hasFreshRequest(tx, room, opponent.id, since)) return 'both' as const;
        return (await insertRequest(tx, room, userId, now, since)) ? ('offered' as const) : ('pending' as const);
      });
      if (step === 'gone') return { ok: false, message: LOBBY_TEXTS.rematchUnknownGame };
      if (step === 'both') return start(game, userId, opponent.id);
      if (step === 'offered') {
        events.offered(opponent.id, { room, from: { id: userId, name: me.name } });
        scheduleTimeout(room, userId);
      }
      return { ok: true };
    },

    async answer(userId: string, room: string, accept: boolean): Promise<RematchResult> {
      const found = await playable(userId, room);
      if ('refusal' in found) return { ok: false, message: found.refusal };
      const { game, opponent } = found;
      if (!accept) {
        if (await takeRequest(db, room, opponent.id, sinceNow())) events.declined(opponent.id, { room, reason: 'declined' });
        return { ok: true };
      }
      return start(game, userId, opponent.id);
    },

    stop(): void {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type Rematch = ReturnType<typeof createRematch>;
