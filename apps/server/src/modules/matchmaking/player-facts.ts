/**
 * What this node last learned of a player, so that a search's early checks
 * (balance, time-out, self-exclusion, limits, freeze) are answered without a
 * query where the node already knows (issue 16, decision 028): a player who
 * just finished a game here, whose balance this node told and who was found
 * free of any protection or limit a moment ago, searches again without a
 * database round trip.
 *
 * It only ever answers "yes, clear to search": a fact it does not have, or has
 * had for longer than `ttlMs`, sends the search to the database as before. A
 * stale fact (the balance spent, or a limit set, on another node in the last
 * seconds) can only let a search through that the game's start then refuses:
 * the escrow transaction checks everything again, authoritatively, and tells
 * the player the same text; nobody is charged.
 */
import type { BalanceEvents } from '../ledger/balance-events';

export interface PlayerFacts {
  /** The balance this node told the player (or read) just now. */
  noteBalance(userId: string, balanceWei: bigint): void;
  /** The player was found free of any freeze, protection and limit just now. */
  noteClear(userId: string): void;
  /**
   * Issue 30: a game of the player's settled on this node just now, so they play nowhere (unless a game of theirs
   * started on another node since: the start transaction refuses it then).
   */
  noteFree(userId: string): void;
  /** Whether the player was noted free of any game a moment ago (`noteFree`). */
  freeOfGames(userId: string): boolean;
  /** Something about the player changed here (a limit, a time-out, a freeze): ask the database next time. */
  forget(userId: string): void;
  /** Whether a search for `stakeWei` may skip the database: clear, and the known balance covers the stake. */
  clearToSearch(userId: string, stakeWei: bigint): boolean;
}

export interface PlayerFactsOptions {
  /** Monotonic-enough milliseconds (the server's clock). */
  now: () => number;
  /** How long a fact is trusted (default 30 s). */
  ttlMs?: number;
  /** How many players are remembered at most; the least recently noted are forgotten first (default 50,000). */
  maxPlayers?: number;
}

interface Facts {
  balanceWei?: bigint;
  balanceAt?: number;
  clearAt?: number;
  freeAt?: number;
}

const DEFAULT_TTL_MS = 30_000;
const DEFAULT_MAX_PLAYERS = 50_000;

export function createPlayerFacts(options: PlayerFactsOptions): PlayerFacts {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const maxPlayers = options.maxPlayers ?? DEFAULT_MAX_PLAYERS;
  const facts = new Map<string, Facts>();

  /** The player's facts, moved to the young end of the map (insertion order is the eviction order). */
  function touch(userId: string): Facts {
    const known = facts.get(userId) ?? {};
    facts.delete(userId);
    facts.set(userId, known);
    if (facts.size > maxPlayers) facts.delete(facts.keys().next().value!);
    return known;
  }

  const fresh = (at: number | undefined) => at !== undefined && options.now() - at < ttlMs;

  return {
    noteBalance(userId, balanceWei) {
      const known = touch(userId);
      known.balanceWei = balanceWei;
      known.balanceAt = options.now();
    },
    noteClear(userId) {
      touch(userId).clearAt = options.now();
    },
    noteFree(userId) {
      touch(userId).freeAt = options.now();
    },
    freeOfGames(userId) {
      return fresh(facts.get(userId)?.freeAt);
    },
    forget(userId) {
      facts.delete(userId);
    },
    clearToSearch(userId, stakeWei) {
      const known = facts.get(userId);
      if (!known || !fresh(known.clearAt) || !fresh(known.balanceAt)) return false;
      return known.balanceWei !== undefined && known.balanceWei >= stakeWei;
    },
  };
}

/** Balance events that also note, on this node, the balance each player was told. */
export function rememberingBalances(events: BalanceEvents, facts: PlayerFacts): BalanceEvents {
  return {
    ...events,
    balanceChanged(userId, balanceWei) {
      facts.noteBalance(userId, balanceWei);
      events.balanceChanged(userId, balanceWei);
    },
  };
}
