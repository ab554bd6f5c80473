/**
 * One game's room: the driver of the pure engine (@shifumi/game) for one game
 * this node runs, with no database and no socket of its own.
 *
 * - Every action on the game is processed one at a time (a promise chain,
 *   `enqueue`); the engine's new state and its next deadline are stored
 *   before anything of the step is told, and a timer ticks the engine at
 *   that deadline (a tick that fails is tried again a second later).
 * - What is stored when (decision 017, `needsSave` in game-effects.ts): a round's result, a
 *   connection change; not a choice locked, a reveal request or a reveal
 *   (decision 060). A step that is not stored is told only under the lease
 *   (with other nodes, confirmed by the lease store first). A node that stops
 *   stores a round caught between its reveal request and its result
 *   (`flush`), so that the node taking it over asks for the reveals again.
 * - The end: the pot (or, for a draw, both stakes) is paid out of escrow in
 *   the transaction that marks the game ended — once, under the fence — and
 *   then the balances and the public feed are told.
 * - What each player is told (`tellEffects`, game-effects.ts): per-player views; the opponent
 *   learns that a choice was made, never which one, until the round's result.
 *
 * It depends only on the small interfaces declared here — `GameStore` (saves
 * and the settlement, fenced by the owner token; game-store.ts implements it
 * on PostgreSQL), `GameEvents` (the transport, game-events.ts), a `Clock`, and
 * `RoomLease` (whether this node still owns the game, and what to do once the
 * room lets it go; game-ownership.ts) — so game-room.test.ts runs it on
 * in-memory fakes.
 */
import { apply, nextDeadline, settlement, type MatchAction, type MatchEffect, type MatchState } from '@shifumi/game';
import type { Character, GameRefusalCode, TransactionFeedItem } from '@shifumi/protocol';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { BalanceEvents } from '../ledger/balance-events';
import { monotonicNow } from '../leases/lease-store';
import type { GameEvents } from './game-events';
import { needsSave, tellEffects } from './game-effects';
import type { GamePlayer } from './game-player';
import { gameStateOf } from './game-state-view';

export { needsSave, tellEffects } from './game-effects';

/**
 * The answer to a player's action: done, or refused with a code (issue 25) —
 * the engine's own `RefusalCode`, or `not_in_game`, `restarting`, `moving`
 * (the socket layer says it in words, @shifumi/protocol's socket-refusals.ts).
 */
export type ActionResult = { ok: true } | { ok: false; code: GameRefusalCode };

export type { GamePlayer } from './game-player';

/** A tick that failed (database unreachable) is tried again after this long. */
export const TICK_RETRY_MS = 1_000;

/** How a game ends, as the store writes it. */
export interface GameEnding {
  gameId: string;
  /** The owner token the game must still carry (the fence). */
  token: bigint;
  playerIds: readonly [string, string];
  /** Null for a draw (both stakes refunded). */
  winnerId: string | null;
  endReason: string;
  state: MatchState;
  endedAt: Date;
  /** What each player is paid out of the game's escrow (the engine's `settlement`). */
  payouts: ReadonlyMap<string, bigint>;
}

/** What a room needs stored (implemented on PostgreSQL by game-store.ts). */
export interface GameStore {
  /** Stores the state and its next deadline while `token` is still the game's owner token; false when fenced out. */
  save(gameId: string, token: bigint, state: MatchState, deadline: number | null): Promise<boolean>;
  /**
   * Pays out and marks the game ended, in one transaction, while `token` is
   * still its owner token: the players' balances after it, by user id (a
   * player paid nothing may be missing); undefined when fenced out (nothing written).
   */
  settle(ending: GameEnding): Promise<Map<string, bigint> | undefined>;
  /** A user's balance (for a player the settlement did not pay). */
  balanceOf(userId: string): Promise<bigint>;
}

/** The room's side of the game's lease (implemented by game-ownership.ts). */
export interface RoomLease {
  /** Other nodes could take the game over: a step that is not stored is told only once the lease store confirms the lease. */
  readonly shared: boolean;
  /** Whether this node may still act on the game (renewing or taking the lease again if its validity ran out); run in the room's queue. */
  stillOwned(room: GameRoom): Promise<boolean>;
  /** The room has let the game go (another node owns it, or it ended): forget it and free its lease. Nothing is written. */
  released(room: GameRoom, reason: string): void;
}

export interface GameRoomDeps {
  store: GameStore;
  events: GameEvents;
  clock: Clock;
  lease: RoomLease;
  logger: Logger;
  balanceEvents: Pick<BalanceEvents, 'balanceChanged'>;
  /** Whether this node is stopping: a timer that fires then does nothing. */
  stopping(): boolean;
  /** A player was told counted disconnected (with other nodes: a node still holding one of their sockets corrects it). */
  connectionLost?(gameId: string, playerId: string): void;
  /** Told the seconds from the action that ended a game to its settlement committed (metrics). */
  observeSettle?: (seconds: number) => void;
  /** Told once a game's settlement has committed; never awaited, its errors only logged. */
  onSettled?: (gameId: string, players: readonly [string, string]) => void | Promise<void>;
}

export interface GameRoomFields {
  id: string;
  state: MatchState;
  stakeWei: bigint;
  betUsd: number;
  players: [GamePlayer, GamePlayer];
  /** The fencing token of this node's lease on the game (also `games.owner_token`). */
  token: bigint;
  /** Monotonic time until which this node may act on the game without a further renewal. */
  validUntil: number;
  /** Issue 17: what a takeover must still tell (reveal requests for reveals it has not stored). */
  pendingEffects?: MatchEffect[];
}

/** One game this node runs. */
export class GameRoom {
  readonly id: string;
  readonly stakeWei: bigint;
  readonly betUsd: number;
  readonly players: [GamePlayer, GamePlayer];
  /** The fencing token of this node's lease on the game (the lease moves it when it takes the game again). */
  token: bigint;
  /** Monotonic time until which this node may act on the game without a further renewal. */
  validUntil: number;
  /** Issue 17: what a takeover must still tell (reveal requests for reveals it has not stored). */
  pendingEffects: MatchEffect[];
  private current: MatchState;
  private timer: NodeJS.Timeout | undefined;
  /** The tail of this game's action queue. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Set once this node stopped running the game (lease lost, fenced out, ended). */
  private left = false;
  /** Whether the state adopted last was not stored (a lock, a reveal request, a reveal). */
  private unsaved = false;

  constructor(
    fields: GameRoomFields,
    private readonly deps: GameRoomDeps,
  ) {
    this.id = fields.id;
    this.current = fields.state;
    this.stakeWei = fields.stakeWei;
    this.betUsd = fields.betUsd;
    this.players = fields.players;
    this.token = fields.token;
    this.validUntil = fields.validUntil;
    this.pendingEffects = fields.pendingEffects ?? [];
  }

  /** The engine's state, as last stored (or, for a step that needs no save, adopted). */
  get state(): MatchState {
    return this.current;
  }

  /** Whether this node has let the game go. */
  get gone(): boolean {
    return this.left;
  }

  /** Runs `task` after every earlier action of the game. */
  enqueue<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task, task);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Applies an action, in order with every other action of the game. */
  act(action: MatchAction): Promise<ActionResult> {
    return this.enqueue(() => this.dispatch(action));
  }

  /** Settles once every action queued so far has run. */
  idle(): Promise<unknown> {
    return this.queue;
  }

  /**
   * Applies an action (in the queue): the new state is stored (or the game
   * settled) first, under the fence, and only then adopted and told to the players.
   */
  async dispatch(action: MatchAction): Promise<ActionResult> {
    const moving = { ok: false as const, code: 'moving' as const };
    if (this.left) return moving;
    const { lease, store } = this.deps;
    if (!(await lease.stillOwned(this))) {
      this.letGo('lease lapsed and taken by another node');
      return moving;
    }
    const startedAt = monotonicNow();
    const result = apply(this.current, action);
    if (!result.ok) return { ok: false, code: result.code };
    if (result.effects.length === 0 && result.state === this.current) {
      // Nothing changed (e.g. a timer that fired a moment early): wait for the deadline again.
      this.schedule();
      return { ok: true };
    }
    if (result.state.phase === 'over') {
      // The timer stays armed until the settlement is written: if it fails (database unreachable), the next tick tries again.
      if (!(await this.settle(result.state, startedAt))) {
        this.letGo('fenced out at settlement (another node claimed the game)');
        return moving;
      }
      this.current = result.state;
      this.letGo('ended');
    } else if (!needsSave(result.effects)) {
      // A choice locked, a reveal asked for or received, or a new round begun: nothing a takeover needs, nothing written (decision 017). What is not
      // written is told only under the lease: with other nodes, the lease store confirms it is still this node's
      // (a round trip to Redis, not a database commit) — a node that lost it without noticing tells nobody.
      if (lease.shared) {
        this.validUntil = 0;
        if (!(await lease.stillOwned(this))) {
          this.letGo('lease lost (checked before telling an unsaved step)');
          return moving;
        }
      }
      this.current = result.state;
      this.unsaved = true;
      this.schedule();
    } else {
      if (!(await store.save(this.id, this.token, result.state, nextDeadline(result.state)))) {
        this.letGo('fenced out (another node claimed the game)');
        return moving;
      }
      this.current = result.state;
      this.unsaved = false;
      this.schedule();
    }
    this.tell(result.effects);
    return { ok: true };
  }

  /**
   * Issue 30: a node that stops stores a round caught between its reveal
   * request and its result (the commitments, and any reveal already in: both
   * players have locked, so none of it can reach an opponent who has not), so
   * that the node taking it over asks for the reveals again rather than for
   * new choices. A lock alone is never stored (decision 017). In the queue,
   * after the actions under way; a write refused or failed changes nothing.
   */
  flush(): Promise<void> {
    return this.enqueue(async () => {
      if (this.left || !this.unsaved || this.current.phase !== 'revealing') return;
      const saved = await this.deps.store
        .save(this.id, this.token, this.current, nextDeadline(this.current))
        .catch((error: unknown) => {
          this.deps.logger.warn({ err: error, gameId: this.id }, 'A round awaiting its reveals could not be stored at stop');
          return false;
        });
      if (saved) this.unsaved = false;
    });
  }

  /** Tells the players what a step did (and, for a player counted gone, asks the other nodes to correct it). */
  tell(effects: readonly MatchEffect[]): void {
    tellEffects(this.deps.events, this, effects);
    const { connectionLost } = this.deps;
    if (!connectionLost) return;
    for (const effect of effects) {
      if (effect.type !== 'connection' || effect.connected) continue;
      // Counted gone from what this node could see: a node that still holds one of the player's sockets corrects it.
      connectionLost(this.id, effect.playerId);
    }
  }

  /**
   * A game this node has just taken over (in its queue): each player counted
   * connected or not as `present` says — a player already disconnected keeps
   * the grace that started then — each player found is sent the game as
   * stored (`game_state`: a lock the last owner had not stored is gone, and
   * the browser lets the player choose again), the reveal requests the last
   * owner had not stored are sent again, and what fell due meanwhile runs at once.
   */
  resume(present: (playerId: string) => boolean): Promise<void> {
    return this.enqueue(async () => {
      const now = this.deps.clock().getTime();
      for (const player of this.players) {
        const counted = this.current.players.find((entry) => entry.id === player.id)?.connected ?? false;
        const here = present(player.id);
        if (counted !== here) await this.dispatch({ type: here ? 'reconnect' : 'disconnect', playerId: player.id, now });
      }
      if (!this.left && this.current.phase !== 'over') {
        for (const player of this.players) {
          const state = present(player.id) ? gameStateOf(this, player.id) : undefined;
          if (state) this.deps.events.toPlayer(this.id, player.id, 'game_state', state);
        }
      }
      if (!this.left && this.current.phase === 'revealing') this.tell(this.pendingEffects.splice(0));
      this.schedule();
    }).catch((error: unknown) => {
      this.deps.logger.error(
        { err: error, gameId: this.id },
        'Taken-over game could not be brought up to date; its timer retries',
      );
      if (!this.left) this.armTimer(TICK_RETRY_MS);
    });
  }

  /** Arms the timer at the engine's next deadline (none once the game is let go). */
  schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.left) return;
    const at = nextDeadline(this.current);
    if (at === null) return;
    this.armTimer(Math.max(0, at - this.deps.clock().getTime()));
  }

  /** Stops the timer (the node stops; the game stays in play for the next owner). */
  stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  /** This node stops running the game (another node owns it now, or it has ended). Nothing is written. */
  letGo(reason: string): void {
    if (this.left) return;
    this.left = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.deps.lease.released(this, reason);
  }

  private armTimer(delayMs: number): void {
    const { clock, logger, stopping } = this.deps;
    this.timer = setTimeout(() => {
      if (stopping() || this.left) return;
      void this.act({ type: 'tick', now: clock().getTime() }).catch((error: unknown) => {
        logger.error({ err: error, gameId: this.id }, 'Game tick failed; trying again');
        if (!this.left && !stopping()) this.armTimer(TICK_RETRY_MS);
      });
    }, delayMs);
    this.timer.unref();
  }

  /** Pays out and marks the game ended, in one transaction, only while this node's claim is the last one; then tells it. */
  private async settle(state: MatchState, startedAt: number): Promise<boolean> {
    const { store, events, logger, clock } = this.deps;
    const payouts = settlement(state, this.stakeWei);
    const winnerId = state.winnerId === 'draw' ? null : state.winnerId;
    const now = clock();
    const playerIds = [this.players[0].id, this.players[1].id] as const;
    const ended = await store.settle({
      gameId: this.id,
      token: this.token,
      playerIds,
      winnerId,
      endReason: state.endReason ?? 'wins',
      state,
      endedAt: now,
      payouts,
    });
    if (!ended) return false;
    this.deps.observeSettle?.((monotonicNow() - startedAt) / 1000);
    const onSettled = this.deps.onSettled;
    if (onSettled)
      void Promise.resolve(playerIds)
        .then((ids) => onSettled(this.id, ids))
        .catch((error: unknown) => logger.error({ err: error, gameId: this.id }, 'After-settlement hook failed'));
    // Read back from the ledger's own update; a player paid nothing (the loser) still hears their balance, read once.
    for (const player of this.players) {
      this.deps.balanceEvents.balanceChanged(player.id, ended.get(player.id) ?? (await store.balanceOf(player.id)));
    }
    const item: TransactionFeedItem = {
      game: this.id,
      player1: this.players[0].name,
      player2: this.players[1].name,
      winner: winnerId === null ? 'draw' : (this.players.find((player) => player.id === winnerId)?.name ?? 'draw'),
      amount: this.betUsd,
      date: now.toISOString(),
    };
    events.toPublic('new_transaction', item);
    events.unseat?.(this.id, playerIds);
    logger.info(
      { gameId: this.id, winnerId: winnerId ?? 'draw', reason: state.endReason, stakeWei: this.stakeWei.toString() },
      'Game ended',
    );
    return true;
  }
}

/** The players as the game shows them, in the match's order. */
export function gamePlayers(
  entries: ReadonlyArray<{ userId: string; character: Character }>,
  rows: ReadonlyArray<{ id: string; name: string; walletAddress: string | null }>,
): [GamePlayer, GamePlayer] {
  const players = entries.map((entry) => {
    const row = rows.find((candidate) => candidate.id === entry.userId);
    if (!row) throw new Error(`No user ${entry.userId}`);
    return { ...row, character: entry.character };
  });
  return [players[0]!, players[1]!];
}
