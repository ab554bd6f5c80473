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
import { REMATCH_TIMEOUT_MS, type RematchDeclinedEvent, type RematchOfferedEvent, type SocketRefusalOf } from '@shifumi/protocol';
import type { ChosenOpponentStartDeps } from '../challenges/challenges.service';
import type { StartRefusal } from '../games/game.service';
import { stakeFor } from '@shifumi/money';
import {
  clearRequests,
  hasFreshRequest,
  insertRematch,
  insertRequest,
  readGameForRematch,
  takeRequest,
  type EndedGame,
} from './rematch.repo';

/** What the rematch needs from the transport (realtime/ implements it). */
export interface RematchEvents {
  offered(toUserId: string, event: RematchOfferedEvent): void;
  declined(toUserId: string, event: RematchDeclinedEvent): void;
}

export interface RematchDeps extends ChosenOpponentStartDeps {
  events: RematchEvents;
  /** How long a request waits for its answer (default REMATCH_TIMEOUT_MS; tests shorten it). */
  timeoutMs?: number;
}

/**
 * Why a rematch was refused to the caller (issue 25: a code, said in words by
 * the socket layer): not their game, not playable again, busy, expired, no
 * price, or the caller unable to stake (a start's own refusal).
 */
export type RematchRefusal =
  | SocketRefusalOf<
      | 'not_in_game'
      | 'rematch_unknown_game'
      | 'rematch_not_after_leave'
      | 'you_are_busy'
      | 'rematch_unable'
      | 'rematch_expired'
      | 'price_unavailable'
    >
  | StartRefusal;

/** The caller's answer: done, or refused (for the caller only). */
export type RematchResult = { ok: true } | { ok: false; refusal: RematchRefusal };

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
  async function playable(
    userId: string,
    room: string,
  ): Promise<
    { game: EndedGame; opponent: EndedGame['players'][number]; me: EndedGame['players'][number] } | { refusal: RematchRefusal }
  > {
    const game = await readGameForRematch(db, room);
    const me = game?.players.find((player) => player.id === userId);
    if (!game || !me) return { refusal: { code: 'not_in_game' } };
    if (game.status === 'playing' || game.rematched) return { refusal: { code: 'rematch_unknown_game' } };
    if (game.endReason !== null && LEFT_REASONS.has(game.endReason)) return { refusal: { code: 'rematch_not_after_leave' } };
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
    if (await busy(acceptorId)) return { ok: false, refusal: { code: 'you_are_busy' } };
    const unable = (): RematchResult => {
      events.declined(requesterId, { room: game.id, reason: 'unable' });
      return { ok: false, refusal: { code: 'rematch_unable' } };
    };
    if (await busy(requesterId)) return unable();
    const fresh = price.requireFresh();
    if (!fresh.ok) return { ok: false, refusal: { code: 'price_unavailable' } };
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
      if (error instanceof RematchGoneError) return { ok: false, refusal: { code: 'rematch_expired' } };
      throw error;
    }
    if (outcome.ok) {
      logger.info({ gameId: game.id, rematch: outcome.gameId }, 'Rematch started');
      return { ok: true };
    }
    const own = outcome.unable.find((entry) => entry.userId === acceptorId);
    events.declined(requesterId, { room: game.id, reason: 'unable' });
    return { ok: false, refusal: own?.refusal ?? { code: 'rematch_unable' } };
  }

  return {
    async request(userId: string, room: string): Promise<RematchResult> {
      const found = await playable(userId, room);
      if ('refusal' in found) return { ok: false, refusal: found.refusal };
      const { game, opponent, me } = found;
      if (await busy(userId)) return { ok: false, refusal: { code: 'you_are_busy' } };
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
      if (step === 'gone') return { ok: false, refusal: { code: 'rematch_unknown_game' } };
      if (step === 'both') return start(game, userId, opponent.id);
      if (step === 'offered') {
        events.offered(opponent.id, { room, from: { id: userId, name: me.name } });
        scheduleTimeout(room, userId);
      }
      return { ok: true };
    },

    async answer(userId: string, room: string, accept: boolean): Promise<RematchResult> {
      const found = await playable(userId, room);
      if ('refusal' in found) return { ok: false, refusal: found.refusal };
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
