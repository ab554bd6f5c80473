/**
 * Issue 24: the lobby — how many players search at each stake right now,
 * across every node (the queue answers for all of them). Each node reads the
 * queue's counts once a second and tells its own listeners (its public
 * sockets) when they changed: a change reaches every visitor within about a
 * second, at most once a second, and no node repeats another's broadcast.
 * `GET /api/lobby` answers from the last read while it is under a second old.
 */
import { BET_AMOUNTS, type LobbyEvent } from '@shifumi/protocol';
import type { Logger } from '../../shared/logger';
import { createPeriodicTask } from '../../shared/periodic-task';
import type { MatchQueue } from './match-queue';

export interface LobbyDeps {
  queue: Pick<MatchQueue, 'waiting'>;
  logger: Logger;
  /** How often the counts are read (default 1 s: the most a change is pushed). */
  everyMs?: number;
  now?: () => number;
}

export interface Lobby {
  /** The counts now (from the last read while it is fresh). */
  current(): Promise<LobbyEvent>;
  /** Called with the new counts whenever one changed; returns the unsubscribe function. */
  onChange(listener: (lobby: LobbyEvent) => void): () => void;
  start(): void;
  stop(): Promise<void>;
  /** Reads now and tells the listeners if anything changed (tests; the timer calls it). */
  refresh(): Promise<LobbyEvent>;
}

export const LOBBY_REFRESH_MS = 1_000;

export function createLobby(deps: LobbyDeps): Lobby {
  const everyMs = deps.everyMs ?? LOBBY_REFRESH_MS;
  const now = deps.now ?? Date.now;
  const listeners = new Set<(lobby: LobbyEvent) => void>();
  let last: { lobby: LobbyEvent; at: number } | undefined;
  /** The counts the listeners were last told of (a read for `GET /api/lobby` tells nobody). */
  let toldKey: string | undefined;

  async function read(): Promise<LobbyEvent> {
    const counts = await deps.queue.waiting();
    return { stakes: BET_AMOUNTS.map((amount) => ({ amount, waiting: counts[amount] })) };
  }

  async function refresh(): Promise<LobbyEvent> {
    const lobby = await read();
    last = { lobby, at: now() };
    const key = lobby.stakes.map((stake) => stake.waiting).join(',');
    const changed = toldKey !== undefined && toldKey !== key;
    toldKey = key;
    if (changed) for (const listener of listeners) listener(lobby);
    return lobby;
  }

  // Redis out of reach: logged once (warn), retried.
  const task = createPeriodicTask({
    name: 'Lobby counts',
    everyMs,
    maxBackoffMs: everyMs * 5,
    failureLevel: 'warn',
    logger: deps.logger,
    run: async () => void (await refresh()),
  });

  return {
    async current() {
      if (last && now() - last.at < everyMs) return last.lobby;
      const lobby = await read();
      last = { lobby, at: now() };
      return lobby;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      task.start({ now: true });
    },
    stop() {
      return task.stop();
    },
    refresh,
  };
}
