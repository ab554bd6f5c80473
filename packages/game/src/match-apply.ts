/**
 * One action applied to a match (`apply`): the transitions due by its `now`
 * first (match-time.ts), then the action itself, or a refusal with the state
 * unchanged.
 */
import type { Choice } from '@shifumi/protocol/constants';
import { isChoice } from './rules';
import type { MatchAction, MatchEffect, MatchState } from './match-types';
import { accept, refuse, type ApplyResult } from './match-refusals';
import { clone, hasLocked, HEX_64, indexOf, revealClosesAt, revealPending } from './match-players';
import { advance, closeRound, end, lockComplete } from './match-time';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Whether the action has the shape its type needs: a finite `now`, a string `playerId` where one belongs. */
function isWellFormed(action: unknown): action is MatchAction {
  if (!isRecord(action) || typeof action.now !== 'number' || !Number.isFinite(action.now)) return false;
  switch (action.type) {
    case 'tick':
      return true;
    case 'commit':
    case 'reveal':
      return typeof action.playerId === 'string' && typeof action.round === 'number';
    case 'choose':
    case 'disconnect':
    case 'reconnect':
    case 'leave':
      return typeof action.playerId === 'string';
    default:
      return false;
  }
}

/**
 * Applies one action to a match. Never throws for bad input: a refused action
 * comes back as `{ ok: false, code, message }` with the state unchanged.
 *
 * Refusals: `game-over` (any action once the match is over), `invalid-action`
 * (malformed action), `not-a-player` (not one of the two players),
 * `invalid-choice` (not rock, paper or scissors), `not-choosing` (a choice
 * during the reveal), `too-late` (a choice once the round's deadline and
 * grace have passed, even if the driver has not ticked yet: the tick will
 * resolve the round), `already-chosen` (a second choice in a round).
 */
export function apply(current: MatchState, action: MatchAction): ApplyResult {
  if (current.phase === 'over') return refuse(current, 'game-over');
  if (!isWellFormed(action)) return refuse(current, 'invalid-action');
  // The acting player's place in `players` (unused by a tick).
  let actor: 0 | 1 = 0;
  if (action.type !== 'tick') {
    const found = indexOf(current, action.playerId);
    if (found === -1) return refuse(current, 'not-a-player');
    actor = found;
  }

  const state = clone(current);
  const effects: MatchEffect[] = [];
  advance(state, action.now, effects);

  switch (action.type) {
    case 'tick':
      // Every transition of `advance` has an effect: a tick with none (fired early) changes nothing, and says so by
      // answering the very state it was given (the room then neither stores nor tells anything).
      return accept(effects.length === 0 ? current : state, effects);
    case 'choose':
    case 'commit': {
      const choice = action.type === 'choose' ? action.choice : undefined;
      if (action.type === 'choose' && !isChoice(choice)) return refuse(current, 'invalid-choice');
      if (action.type === 'commit' && (typeof action.commitment !== 'string' || !HEX_64.test(action.commitment)))
        return refuse(current, 'invalid-commitment');
      // The player has only been told about the stored state: if time moved it on, the choice was meant for a round that is gone.
      if (state.phase === 'over') return refuse(current, 'game-over');
      if (effects.length > 0) return refuse(current, 'too-late');
      if (state.phase !== 'choosing') return refuse(current, 'not-choosing');
      if (action.type === 'commit' && action.round !== state.round) return refuse(current, 'wrong-round');
      const player = state.players[actor];
      if (hasLocked(player)) return refuse(current, 'already-chosen');
      if (action.type === 'choose') player.choice = choice as Choice;
      else player.commitment = action.commitment as string;
      player.lockedAt = action.now;
      effects.push({ type: 'choiceLocked', playerId: player.id });
      if (state.players.every(hasLocked)) lockComplete(state, action.now, effects);
      return accept(state, effects);
    }
    case 'reveal': {
      const choice = action.choice;
      if (!isChoice(choice)) return refuse(current, 'invalid-choice');
      if (state.phase === 'over') return refuse(current, 'game-over');
      // A reveal for a round already resolved: its window closed (perhaps while the player was away).
      if (action.round < state.round || (action.round === state.round && state.phase === 'reveal'))
        return refuse(current, 'reveal-too-late');
      if (action.round !== state.round) return refuse(current, 'wrong-round');
      if (state.phase !== 'revealing') return refuse(current, 'not-revealing');
      const player = state.players[actor];
      if (player.commitment === null) return refuse(current, 'nothing-to-reveal');
      if (!revealPending(player)) return refuse(current, 'already-revealed');
      // Time judged by `now` alone: a window that closed is closed even before its tick.
      if (action.now >= revealClosesAt(state, player)) return refuse(current, 'reveal-too-late');
      if (typeof action.salt === 'string' && HEX_64.test(action.salt) && action.opened === player.commitment) {
        player.choice = choice;
        player.salt = action.salt;
      } else {
        player.revealFailed = true;
      }
      effects.push({ type: 'revealReceived', playerId: player.id });
      if (state.players.every((candidate) => !revealPending(candidate))) closeRound(state, action.now, effects);
      return accept(state, effects);
    }
    case 'disconnect':
    case 'reconnect': {
      // Time ended the match before this came in: what was due is all there is to do.
      if (state.phase === 'over') return accept(state, effects);
      const player = state.players[actor];
      const connected = action.type === 'reconnect';
      if (player.connected !== connected) {
        player.connected = connected;
        player.disconnectedAt = connected ? null : action.now;
        // Disconnected during the reveal window: the window is extended by the reconnection grace.
        if (!connected && state.phase === 'revealing' && revealPending(player)) player.revealExtended = true;
        effects.push({ type: 'connection', playerId: player.id, connected });
      }
      return accept(state, effects);
    }
    case 'leave': {
      if (state.phase === 'over') return accept(state, effects);
      end(state, state.players[actor === 0 ? 1 : 0].id, 'forfeit-leave', effects);
      return accept(state, effects);
    }
  }
}
