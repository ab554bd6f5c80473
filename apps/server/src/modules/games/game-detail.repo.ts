/** The game detail's query (decision 039: SQL only in repositories). */
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../infra/db/database';
import { games, users } from '../../infra/db/schema/index';

const player1 = alias(users, 'player1');
const player2 = alias(users, 'player2');

/** The game with its two players' names and deposit addresses, or undefined. */
export async function gameWithPlayers(db: Executor, gameId: string) {
  const [row] = await db
    .select({
      id: games.id,
      status: games.status,
      player1Id: games.player1Id,
      player2Id: games.player2Id,
      player1Character: games.player1Character,
      player2Character: games.player2Character,
      betUsd: games.betUsd,
      stakeWei: games.stakeWei,
      winnerId: games.winnerId,
      endReason: games.endReason,
      state: games.state,
      createdAt: games.createdAt,
      endedAt: games.endedAt,
      player1: { name: player1.name, walletAddress: player1.walletAddress },
      player2: { name: player2.name, walletAddress: player2.walletAddress },
    })
    .from(games)
    .innerJoin(player1, eq(player1.id, games.player1Id))
    .innerJoin(player2, eq(player2.id, games.player2Id))
    .where(eq(games.id, gameId))
    .limit(1);
  return row;
}
