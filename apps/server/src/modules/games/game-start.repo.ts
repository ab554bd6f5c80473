/**
 * Issue 30 (decision 060): the start transaction's statements, prepared and
 * as few as the database allows while every check stays inside the
 * transaction and reads after the players' locks:
 *
 * 1. both players' rows locked in id order (what the game shows of them, and
 *    whether the two accounts are linked, come with the lock) — the one
 *    statement that may wait for another start;
 * 2. in a statement begun after the lock, so that it sees whatever the
 *    transaction that held it committed: whether each is in a game in play,
 *    and what responsible gaming needs first of each (frozen, protections,
 *    whether any limit is set: responsible-gaming.repo.ts's columns);
 * 3. the game inserted and both stakes escrowed (the ledger's one-statement
 *    transfer, ledger-transfer.repo.ts): nothing is inserted when the
 *    transfer cannot be made in that statement (`unseen`), and an overdraft
 *    raised in it rolls the transaction back.
 */
import { nextDeadline, type MatchState } from '@shifumi/game';
import { shownWalletAddress } from '@shifumi/protocol';
import type { Executor } from '../../infra/db/database';
import { hotStatement, runHot, type HotStatement } from '../../infra/db/hot-statement';
import { transferStatement, type TransferRow } from '../ledger/ledger-transfer.repo';
import { transferInOneStatement, type TransferRequest } from '../ledger/ledger.service';
import {
  PLAY_FACTS_COLUMNS,
  playFactsOf,
  type PlayFacts,
  type PlayFactsRow,
} from '../responsible-gaming/responsible-gaming.repo';

const LOCK_PLAYERS_TEXT = `select id::text as id, name, wallet_address from users where id in ($1::uuid, $2::uuid) order by id for update`;
const LOCK_PLAYERS = hotStatement('game_start_lock_players_v1', LOCK_PLAYERS_TEXT);

/**
 * The lock of both players, asking with it whether they are linked (issue 18) when `linkedSql` is given: a boolean
 * SQL expression over $1 and $2, the players' ids (issue 30: one round trip, not two). Declared once per game start.
 */
export function lockPlayersStatement(linkedSql: string | undefined): HotStatement {
  if (linkedSql === undefined) return LOCK_PLAYERS;
  return hotStatement(
    'game_start_lock_players_linked_v1',
    LOCK_PLAYERS_TEXT.replace(' from users', `, ${linkedSql} as linked from users`),
  );
}

/**
 * Locks both users' rows (in id order, so two matches never deadlock) and answers what the game shows of them, and
 * whether they are linked (false unless the statement asks: `lockPlayersStatement`).
 */
export async function lockStartingPlayers(
  tx: Executor,
  statement: HotStatement,
  userIds: readonly [string, string],
): Promise<{ shown: Array<{ id: string; name: string; walletAddress: string | null }>; linked: boolean }> {
  const rows = await runHot<{ id: string; name: string; wallet_address: string | null; linked?: boolean }>(
    tx,
    statement,
    userIds,
  );
  // Issue 23: only what the opponent's screen shows of the deposit address (its first characters).
  const shown = rows.map((row) => ({ id: row.id, name: row.name, walletAddress: shownWalletAddress(row.wallet_address) }));
  return { shown, linked: rows.some((row) => row.linked === true) };
}

/** "In play": a row of players_in_play, by its key (decision 068: no index of the games can be mistaken for it). */
export const START_FACTS = hotStatement(
  'game_start_facts_v2',
  `select ${PLAY_FACTS_COLUMNS},
          exists (select 1 from players_in_play x where x.user_id = u.id) as playing
   from users u left join player_protections p on p.user_id = u.id
   where u.id in ($1::uuid, $2::uuid)`,
);

/** Which of the (locked) players are in a game in play, and what responsible gaming needs first of each. */
export async function startFacts(
  tx: Executor,
  userIds: readonly [string, string],
): Promise<{ playing: Set<string>; facts: Map<string, PlayFacts> }> {
  const rows = await runHot<PlayFactsRow & { playing: boolean }>(tx, START_FACTS, userIds);
  return { playing: new Set(rows.filter((row) => row.playing).map((row) => row.id)), facts: playFactsOf(rows) };
}

const INSERT_GAME_AND_ESCROW = transferStatement('game_start_escrow_v1', {
  before: `game as (
    insert into games (id, player1_id, player2_id, player1_character, player2_character, bet_usd, stake_wei, price_micro_usd,
                       state, next_deadline, owner_node, owner_token)
    select $5::uuid, $6::uuid, $7::uuid, $8, $9, $10::int, $11::numeric, $12::numeric, $13::jsonb, $14::timestamptz, $15, $16::bigint
    where not exists (select 1 from unseen)
    returning id
  )`,
  gate: 'exists (select 1 from game)',
});

export interface NewGame {
  id: string;
  betUsd: number;
  stakeWei: bigint;
  priceMicroUsd: bigint;
  players: readonly [{ userId: string; character: string }, { userId: string; character: string }];
  state: MatchState;
  holder: string;
  token: bigint;
}

/**
 * Inserts the game, claimed by `holder` under `token`, and makes the escrow transfer `escrow`, in one
 * statement; `unseen` when nothing was written (the caller inserts and transfers statement by statement).
 */
export async function insertGameAndEscrow(tx: Executor, game: NewGame, escrow: TransferRequest): Promise<TransferRow> {
  const [first, second] = game.players;
  const deadline = nextDeadline(game.state);
  return transferInOneStatement(tx, INSERT_GAME_AND_ESCROW, escrow, [
    game.id,
    first.userId,
    second.userId,
    first.character,
    second.character,
    game.betUsd,
    game.stakeWei.toString(),
    game.priceMicroUsd.toString(),
    JSON.stringify(game.state),
    deadline === null ? null : new Date(deadline).toISOString(),
    game.holder,
    game.token.toString(),
  ]);
}
