/**
 * Issue 18: a game's rounds as the console reads them from its stored state
 * (`state.rounds`, kept since issue 17: every resolved round with both plays,
 * its winner and its times). The plays are in the engine's player order — the
 * state's `players` — so each is given with its player's id. A state stored
 * before the rounds were kept answers undefined (the caller falls back).
 */
import { CHOICES, type AdminGameRound } from '@shifumi/protocol';
import { z } from 'zod';

const epochMs = z.number().finite().nonnegative();
const storedSchema = z.object({
  players: z
    .array(z.object({ id: z.string() }))
    .length(2)
    .optional(),
  rounds: z.array(
    z.object({
      round: z.number().int().positive(),
      startedAt: epochMs.optional(),
      deadline: epochMs.optional(),
      plays: z
        .array(
          z.object({ choice: z.enum(CHOICES).nullable(), mode: z.string().optional(), lockedAt: epochMs.nullable().optional() }),
        )
        .length(2),
      winnerId: z.string(),
    }),
  ),
});

const iso = (epoch: number | null | undefined) => (epoch === null || epoch === undefined ? null : new Date(epoch).toISOString());

/** The stored rounds of a game between `player1Id` and `player2Id`, oldest first; undefined when the state keeps none. */
export function storedRounds(state: unknown, player1Id: string, player2Id: string): AdminGameRound[] | undefined {
  const parsed = storedSchema.safeParse(state);
  if (!parsed.success) return undefined;
  const order = parsed.data.players ? [parsed.data.players[0]!.id, parsed.data.players[1]!.id] : [player1Id, player2Id];
  return parsed.data.rounds.map((round) => ({
    round: round.round,
    winnerId: round.winnerId,
    startedAt: iso(round.startedAt),
    deadline: iso(round.deadline),
    plays: round.plays.map((play, index) => ({
      userId: order[index]!,
      choice: play.choice,
      mode: play.mode ?? null,
      lockedAt: iso(play.lockedAt),
    })),
  }));
}
