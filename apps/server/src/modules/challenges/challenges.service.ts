/**
 * Issue 24: challenges by link. A signed-in player opens a challenge (a stake,
 * their character) and sends `APP_URL/challenge/{id}` to a friend; the friend
 * accepts and the game starts exactly like a match: the same start
 * transaction (game-start.ts: both players locked, linked accounts refused,
 * neither playing, freezes, time-outs, self-exclusion and limits checked, both
 * stakes escrowed), which also takes the challenge — so two accepts of one
 * challenge make one game and one escrow, and a refused start leaves the
 * challenge open and nothing moved. The challenger hears `challenge_update` on
 * every change (accepted, cancelled, expired).
 *
 * The challenger's balance and protections are never told to the friend: a
 * start refused on the challenger's side says only that the challenger cannot
 * play this stake now.
 */
import { randomBytes } from 'node:crypto';
import {
  CHALLENGE_ID_PATTERN,
  MAX_OPEN_CHALLENGES,
  type AcceptChallengeRequest,
  type AcceptedChallenge,
  type ChallengeStatus,
  type ChallengeUpdateEvent,
  type ChallengeView,
  type CreateChallengeRequest,
  type CreatedChallenge,
  type OwnChallenge,
} from '@shifumi/protocol';
import type { Database } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { createPeriodicTask } from '../../shared/periodic-task';
import { ok, refuse, type Result } from '../../shared/result';
import type { GameService } from '../games/game.service';
import type { MatchQueue } from '../matchmaking/match-queue';
import { stakeFor } from '@shifumi/money';
import type { PriceService } from '../price/price.service';
import {
  cancelChallenge,
  expireChallenges,
  findChallenge,
  insertChallengeWithin,
  openChallengesOf,
  takeChallenge,
  type ChallengeRow,
} from './challenges.repo';

/** What the challenges need from the transport (realtime/ implements it). */
export interface ChallengeEvents {
  /** `challenge_update` to every socket of the challenger. */
  challengeUpdated(challengerId: string, update: ChallengeUpdateEvent): void;
}

/** Whether a player has a signed-in connection right now, on any node (realtime/ implements it). */
export interface PlayerPresenceCheck {
  isConnected(userId: string): Promise<boolean>;
}

/** What starts a game between two chosen players (a challenge, a rematch): the games' start, who searches, the price, who is here. */
export interface ChosenOpponentStartDeps {
  db: Database;
  games: Pick<GameService, 'start' | 'isPlaying'>;
  queue: Pick<MatchQueue, 'has'>;
  price: PriceService;
  clock: Clock;
  logger: Logger;
  presence: PlayerPresenceCheck;
}

export interface ChallengesDeps extends ChosenOpponentStartDeps {
  events: ChallengeEvents;
  appUrl: string;
  ttlMinutes: number;
  /** How often expired challenges are marked and their challengers told (default 5 s; 0 → never, tests call `expire`). */
  expireEveryMs?: number;
}

/** Thrown inside the start transaction when the challenge was taken, cancelled or expired meanwhile: the start rolls back. */
class ChallengeGoneError extends Error {
  constructor() {
    super('challenge no longer open');
  }
}

/** A challenge id: 128 random bits. */
export function newChallengeId(): string {
  return randomBytes(16).toString('base64url');
}

export function createChallenges(deps: ChallengesDeps) {
  const { db, games, queue, price, clock, logger, events } = deps;
  const ttlMs = deps.ttlMinutes * 60_000;
  const urlOf = (id: string) => `${deps.appUrl.replace(/\/$/, '')}/challenge/${id}`;
  const statusAt = (row: ChallengeRow, now: Date): ChallengeStatus =>
    row.status === 'open' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;

  async function find(id: string): Promise<ChallengeRow | undefined> {
    // Not an id we could have made: the same 404 as an unknown one, without a query.
    if (!CHALLENGE_ID_PATTERN.test(id)) return undefined;
    return findChallenge(db, id);
  }

  async function expire(): Promise<number> {
    const expired = await expireChallenges(db, clock());
    for (const entry of expired) events.challengeUpdated(entry.challengerId, { id: entry.id, status: 'expired' });
    return expired.length;
  }

  const expireEveryMs = deps.expireEveryMs ?? 5_000;
  const expirer =
    expireEveryMs > 0
      ? createPeriodicTask({
          name: 'Expiring challenges',
          everyMs: expireEveryMs,
          logger,
          run: async () => void (await expire()),
        })
      : undefined;

  return {
    async create(challengerId: string, input: CreateChallengeRequest): Promise<Result<CreatedChallenge>> {
      const now = clock();
      const id = newChallengeId();
      const expiresAt = new Date(now.getTime() + ttlMs);
      const created = await db.transaction((tx) =>
        insertChallengeWithin(
          tx,
          { id, challengerId, betUsd: input.amount, character: input.character, expiresAt },
          MAX_OPEN_CHALLENGES,
          now,
        ),
      );
      if (!created) return refuse('too_many_challenges', { max: MAX_OPEN_CHALLENGES });
      logger.info({ challengeId: id, challengerId, betUsd: input.amount }, 'Challenge opened');
      return ok({ id, url: urlOf(id), expiresAt: expiresAt.toISOString() });
    },

    async view(id: string): Promise<Result<ChallengeView>> {
      const row = await find(id);
      if (!row) return refuse('challenge_not_found');
      return ok({
        id: row.id,
        amount: row.betUsd,
        challenger: { name: row.challengerName, character: row.character },
        status: statusAt(row, clock()),
        expiresAt: row.expiresAt.toISOString(),
      });
    },

    async listOwn(challengerId: string): Promise<{ challenges: OwnChallenge[] }> {
      const rows = await openChallengesOf(db, challengerId, clock());
      return {
        challenges: rows.map((row) => ({
          id: row.id,
          url: urlOf(row.id),
          amount: row.betUsd,
          character: row.character,
          expiresAt: row.expiresAt.toISOString(),
        })),
      };
    },

    async cancel(challengerId: string, id: string): Promise<Result<{ id: string; status: ChallengeStatus }>> {
      const row = await find(id);
      if (!row) return refuse('challenge_not_found');
      // Someone else's challenge: as if it did not exist.
      if (row.challengerId !== challengerId) return refuse('challenge_not_found');
      if (!(await cancelChallenge(db, id, challengerId, clock()))) return refuse('challenge_not_open');
      events.challengeUpdated(challengerId, { id, status: 'cancelled' });
      return ok({ id, status: 'cancelled' });
    },

    async accept(friendId: string, id: string, input: AcceptChallengeRequest): Promise<Result<AcceptedChallenge>> {
      const row = await find(id);
      if (!row) return refuse('challenge_not_found');
      if (row.challengerId === friendId) return refuse('challenge_is_yours');
      if (statusAt(row, clock()) !== 'open') return refuse('challenge_not_open');
      if ((await queue.has(friendId)) || (await games.isPlaying(friendId))) return refuse('you_are_busy');
      // The challenge stays open: the friend may try again once the challenger is back or free.
      if (!(await deps.presence.isConnected(row.challengerId))) return refuse('challenger_away');
      if ((await queue.has(row.challengerId)) || (await games.isPlaying(row.challengerId))) return refuse('challenger_busy');
      const fresh = price.requireFresh();
      if (!fresh.ok) return refuse('price_unavailable');
      const stakeWei = stakeFor(row.betUsd, fresh.value.microUsdPerEth);
      let outcome;
      try {
        outcome = await games.start({
          betUsd: row.betUsd,
          stakeWei,
          priceMicroUsd: fresh.value.microUsdPerEth,
          players: [
            { userId: row.challengerId, character: row.character },
            { userId: friendId, character: input.character },
          ],
          challenge: id,
          inStart: async (tx, gameId) => {
            if (!(await takeChallenge(tx, id, friendId, gameId, clock()))) throw new ChallengeGoneError();
          },
        });
      } catch (error) {
        if (error instanceof ChallengeGoneError) return refuse('challenge_not_open');
        throw error;
      }
      if (outcome.ok) {
        events.challengeUpdated(row.challengerId, { id, status: 'accepted' });
        logger.info({ challengeId: id, gameId: outcome.gameId }, 'Challenge accepted');
        return ok({ room: outcome.gameId });
      }
      if (outcome.linked) return refuse('cannot_accept_from_account');
      // Another accept may have taken it a moment ago (its game makes the challenger "playing"): say so.
      const current = await find(id);
      if (!current || statusAt(current, clock()) !== 'open') return refuse('challenge_not_open');
      const friendRefusal = outcome.unable.find((entry) => entry.userId === friendId);
      if (friendRefusal) return refuse('play_refused', { refusal: friendRefusal.refusal });
      // The challenger's side: their balance, limits or protections are theirs, never told.
      return refuse('challenger_unable');
    },

    /** Marks expired challenges and tells their challengers (the timer calls it; tests too). */
    expire,

    start(): void {
      expirer?.start();
    },
    async stop(): Promise<void> {
      await expirer?.stop();
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
