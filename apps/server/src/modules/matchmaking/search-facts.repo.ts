/**
 * Issue 30 (decision 061, "A search's checks in one statement"): what a
 * search's early checks need of a player, in one read — whether they are in a
 * game in play (a key of players_in_play, decision 068),
 * what responsible gaming needs first (responsible-gaming.repo.ts's columns)
 * and their balance. No lock and no transaction: these checks only refuse
 * early; the start transaction checks everything again under the players'
 * locks, authoritatively (game-start.repo.ts).
 */
import type { Executor } from '../../infra/db/database';
import { hotStatement, runHot } from '../../infra/db/hot-statement';
import {
  PLAY_FACTS_COLUMNS,
  playFactsOf,
  type PlayFacts,
  type PlayFactsRow,
} from '../responsible-gaming/responsible-gaming.repo';

export const SEARCH_FACTS = hotStatement(
  'search_facts_v2',
  `select ${PLAY_FACTS_COLUMNS},
          exists (select 1 from players_in_play x where x.user_id = u.id) as playing,
          (select a.balance::text from ledger_accounts a where a.code = $2) as balance
   from users u left join player_protections p on p.user_id = u.id
   where u.id = $1::uuid`,
);

export interface SearchFacts {
  playing: boolean;
  /** What responsible gaming needs first (undefined: no such user). */
  facts: Map<string, PlayFacts>;
  /** The balance of the player's ledger account (0 when it was never used). */
  balanceWei: bigint;
}

/** A searching player's facts; `accountCode`: their ledger account's code. */
export async function readSearchFacts(db: Executor, userId: string, accountCode: string): Promise<SearchFacts> {
  const rows = await runHot<PlayFactsRow & { playing: boolean; balance: string | null }>(db, SEARCH_FACTS, [userId, accountCode]);
  const row = rows[0];
  return { playing: row?.playing === true, facts: playFactsOf(rows), balanceWei: BigInt(row?.balance ?? 0) };
}
