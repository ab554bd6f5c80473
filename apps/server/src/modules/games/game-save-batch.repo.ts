/**
 * Issue 30: the rooms' state saves, committed in groups (decision 060, "Saves
 * in groups"). A save that finds fewer than `inFlight` groups under way goes
 * at once, alone (the prepared statement of games.repo.ts): a quiet node adds
 * no wait. Saves that arrive while that many are under way wait for one to
 * end, then go together in one statement, one commit — each row still fenced
 * by its own owner token, each save answered for its own game. Under load a
 * round's save then costs a fraction of a statement, a commit and a `writev`.
 *
 * A game has at most one save in flight (its room runs one step at a time),
 * so no group holds a game twice; groups of one node touch only its own games.
 * A group that fails (database unreachable) fails each of its saves, as the
 * single save would: the room retries at its next tick.
 */
import type { MatchState } from '@shifumi/game';
import type { Executor } from '../../infra/db/database';
import { hotStatement, runHot } from '../../infra/db/hot-statement';
import { saveState } from './games.repo';

/** The save the rooms call (`GameStore.save`'s shape). */
export type SaveState = (gameId: string, token: bigint, state: MatchState, deadline: number | null) => Promise<boolean>;

export interface SaveBatchOptions {
  /** Groups under way at once; a save that finds fewer goes at once. */
  inFlight: number;
  /** The most saves one statement carries. */
  maxGroup: number;
}

export const SAVE_BATCH_DEFAULTS: SaveBatchOptions = { inFlight: 2, maxGroup: 200 };

interface Waiting {
  gameId: string;
  token: bigint;
  state: MatchState;
  deadline: number | null;
  resolve(saved: boolean): void;
  reject(error: unknown): void;
}

export function createSaveBatch(db: Executor, options: SaveBatchOptions = SAVE_BATCH_DEFAULTS): SaveState {
  const waiting: Waiting[] = [];
  let running = 0;

  function next(): void {
    while (running < options.inFlight && waiting.length > 0) {
      const group = waiting.splice(0, options.maxGroup);
      running += 1;
      void run(group).finally(() => {
        running -= 1;
        next();
      });
    }
  }

  async function run(group: Waiting[]): Promise<void> {
    try {
      if (group.length === 1) {
        const only = group[0]!;
        only.resolve(await saveState(db, only.gameId, only.token, only.state, only.deadline));
        return;
      }
      const saved = await saveStates(db, group);
      for (const save of group) save.resolve(saved.has(save.gameId));
    } catch (error) {
      for (const save of group) save.reject(error);
    }
  }

  return (gameId, token, state, deadline) =>
    new Promise<boolean>((resolve, reject) => {
      waiting.push({ gameId, token, state, deadline, resolve, reject });
      next();
    });
}

/** Stores several games' states in one statement, each only under its own fence; answers the games stored. */
async function saveStates(db: Executor, group: readonly Waiting[]): Promise<Set<string>> {
  const rows = await runHot<{ id: string }>(db, SAVE_STATES, [
    JSON.stringify(
      group.map((save) => ({
        id: save.gameId,
        state: save.state,
        deadline: save.deadline === null ? null : new Date(save.deadline).toISOString(),
        token: save.token.toString(),
      })),
    ),
  ]);
  return new Set(rows.map((row) => row.id));
}

/**
 * The games are found by `g.id = any(array(…))`, by primary key: joined on `jsonb_to_recordset` alone (guessed at 100
 * rows), the planner read every row version the status index lists as in play (1,700 pages a save at 200 games).
 */
const SAVE_STATES = hotStatement(
  'game_save_states_v2',
  `update games g set state = v.state, next_deadline = v.deadline, version = g.version + 1
   from jsonb_to_recordset($1::jsonb) as v(id uuid, state jsonb, deadline timestamptz, token bigint)
   where g.id = any(array(select (e->>'id')::uuid from jsonb_array_elements($1::jsonb) as e))
     and g.id = v.id and g.status = 'playing' and g.owner_token = v.token
   returning g.id::text as id`,
);
