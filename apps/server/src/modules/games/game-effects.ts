/**
 * What a step of a game's engine means outside the room: whether it must be
 * stored before it is told (decision 017), and what each player is told of it
 * (per-player views: the opponent learns that a choice was made, never which
 * one, until the round's result). Pure: game-room.ts calls both, with the
 * transport it was given (GameEvents, game-events.ts).
 */
import type { MatchEffect } from '@shifumi/game';
import type { GameEvents } from './game-events';

/**
 * Whether a step must be stored before it is told: everything but a choice
 * (or a commitment) locked, which the next round result stores with both
 * choices; a new round begun after a reveal (which the engine derives again
 * from the stored reveal: same round, same deadline); the reveal request and
 * a sealed choice's reveal received before the other one (issue 30, decision
 * 060: the round's result stores the commitments and both reveals in one
 * write; a node taking the game over before it finds the round as it was
 * before the locks — it loses them as it loses a plain choice's, and tells
 * each player so with `game_state`, decision 021). A round's result, a
 * connection change (a grace's deadline) and anything else are stored.
 */
export function needsSave(effects: readonly MatchEffect[]): boolean {
  return effects.length === 0 || effects.some((effect) => !UNSAVED.has(effect.type));
}

const UNSAVED = new Set<MatchEffect['type']>(['choiceLocked', 'newRound', 'revealRequest', 'revealReceived']);

/** Tells the players what a step did: one send for what both get, only the opponent for a lock or a connection. */
export function tellEffects(
  events: GameEvents,
  game: { id: string; players: readonly [{ id: string }, { id: string }] },
  effects: readonly MatchEffect[],
): void {
  const room = game.id;
  const both = [game.players[0].id, game.players[1].id] as const;
  const opponentOf = (playerId: string) => (both[0] === playerId ? both[1] : both[0]);
  for (const effect of effects) {
    switch (effect.type) {
      case 'newRound':
        events.toBoth(room, both, 'new_round', { round: effect.round, deadline: effect.deadline });
        break;
      case 'choiceLocked':
        events.toPlayer(room, opponentOf(effect.playerId), 'opponent_choice_locked', { room });
        break;
      case 'revealRequest':
        // Issue 17: each player who sealed is asked for their reveal; nothing of a reveal is told before the result.
        for (const playerId of effect.playerIds) events.toPlayer(room, playerId, 'reveal_request', { room, round: effect.round });
        break;
      case 'revealReceived':
        break;
      case 'roundResult':
        events.toBoth(room, both, 'game_result', {
          player1Id: effect.player1Id,
          player2Id: effect.player2Id,
          player1Choice: effect.player1Choice,
          player2Choice: effect.player2Choice,
          winnerId: effect.winnerId,
          player1Seal: effect.player1Seal,
          player2Seal: effect.player2Seal,
          player1Mode: effect.player1Mode,
          player2Mode: effect.player2Mode,
        });
        break;
      case 'roundEnd':
        events.toBoth(room, both, 'round_end', {
          scores: effect.scores,
          gameOver: effect.gameOver,
          ...(effect.winnerId ? { winnerId: effect.winnerId } : {}),
        });
        break;
      case 'gameOver':
        if ((effect.reason === 'forfeit-leave' || effect.reason === 'forfeit-disconnect') && effect.winnerId !== 'draw') {
          events.toPlayer(room, effect.winnerId, 'game_dead', { room });
        }
        break;
      case 'connection':
        events.toPlayer(room, opponentOf(effect.playerId), 'opponent_connection', { room, connected: effect.connected });
        break;
    }
  }
}
