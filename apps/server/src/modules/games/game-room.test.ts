import { apply, createMatch, resumeReveals, type MatchAction, type MatchState } from '@shifumi/game';
import { describe, expect, it } from 'vitest';
import type { GameEvents } from './game-events';
import { needsSave, tellEffects } from './game-room';
import { openedCommitment, sealedMatchAction } from './sealed-choices';

/** An in-memory transport: records who was told what. */
function recordingEvents() {
  const sent: Array<{ to: string; event: string; payload: unknown }> = [];
  const events: GameEvents = {
    seat() {},
    toSocket: (socketId, event, ...payload) => void sent.push({ to: `socket:${socketId}`, event, payload: payload[0] }),
    toPlayer: (_gameId, userId, event, ...payload) => void sent.push({ to: userId, event, payload: payload[0] }),
    toBoth: (_gameId, [first, second], event, ...payload) => void sent.push({ to: `${first}+${second}`, event, payload: payload[0] }),
    toPublic: (event, ...payload) => void sent.push({ to: 'public', event, payload: payload[0] }),
  };
  return { sent, events };
}

const A = 'a0000000-0000-4000-8000-000000000000';
const B = 'b0000000-0000-4000-8000-000000000000';
const game = { id: 'game-1', players: [{ id: A }, { id: B }] as const };

function step(state: MatchState, action: MatchAction) {
  const result = apply(state, action);
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe('game room', () => {
  it('tells a lock to the opponent only, never the choice; the result to both in one send; stores only the result', () => {
    const start = createMatch({ id: game.id, players: [A, B], now: 0 });
    const { sent, events } = recordingEvents();
    tellEffects(events, game, start.effects);
    expect(sent).toEqual([{ to: `${A}+${B}`, event: 'new_round', payload: { round: 1, deadline: start.state.deadline } }]);

    const locked = step(start.state, { type: 'choose', playerId: A, choice: 'rock', now: 100 });
    expect(needsSave(locked.effects)).toBe(false);
    sent.length = 0;
    tellEffects(events, game, locked.effects);
    expect(sent).toEqual([{ to: B, event: 'opponent_choice_locked', payload: { room: game.id } }]);
    expect(JSON.stringify(sent)).not.toContain('rock');

    const resolved = step(locked.state, { type: 'choose', playerId: B, choice: 'scissors', now: 200 });
    expect(needsSave(resolved.effects)).toBe(true);
    sent.length = 0;
    tellEffects(events, game, resolved.effects);
    expect(sent.map((entry) => [entry.to, entry.event])).toEqual([
      [A, 'opponent_choice_locked'],
      [`${A}+${B}`, 'game_result'],
      [`${A}+${B}`, 'round_end'],
    ]);
    expect(sent[1]!.payload).toMatchObject({ player1Choice: 'rock', player2Choice: 'scissors', winnerId: A });
  });

  it('does not store the next round begun after a reveal: the engine derives the same round and deadline from the stored reveal', () => {
    const start = createMatch({ id: game.id, players: [A, B], now: 0 });
    const locked = step(start.state, { type: 'choose', playerId: A, choice: 'rock', now: 100 });
    const resolved = step(locked.state, { type: 'choose', playerId: B, choice: 'paper', now: 200 });
    const stored = resolved.state; // what the save wrote
    const revealEnd = stored.revealEndsAt!;
    const next = step(stored, { type: 'tick', now: revealEnd });
    expect(needsSave(next.effects)).toBe(false);
    // A node taking over later ticks the stored reveal and finds the very same round.
    const takenOver = step(stored, { type: 'tick', now: revealEnd + 3_000 });
    expect(takenOver.effects).toEqual(next.effects);
    expect(takenOver.state.deadline).toBe(next.state.deadline);
  });

  it('stores a connection change and tells the opponent; a forfeit tells the winner game_dead', () => {
    const start = createMatch({ id: game.id, players: [A, B], now: 0 });
    const gone = step(start.state, { type: 'disconnect', playerId: B, now: 100 });
    expect(needsSave(gone.effects)).toBe(true);
    const { sent, events } = recordingEvents();
    tellEffects(events, game, gone.effects);
    expect(sent).toEqual([{ to: A, event: 'opponent_connection', payload: { room: game.id, connected: false } }]);

    const left = step(start.state, { type: 'leave', playerId: A, now: 100 });
    expect(needsSave(left.effects)).toBe(true);
    sent.length = 0;
    tellEffects(events, game, left.effects);
    expect(sent).toContainEqual({ to: B, event: 'game_dead', payload: { room: game.id } });
    expect(sent.some((entry) => entry.to === A && entry.event === 'game_dead')).toBe(false);
  });

  it('issue 17: stores the reveal request (the commitments), not a first reveal; tells the request to each sealed player and nothing of a reveal', () => {
    const room = game.id;
    const salt = 'c'.repeat(64);
    const commitmentOf = (userId: string, choice: string) => openedCommitment({ room, round: 1, userId, choice: choice as 'rock', salt });
    const start = createMatch({ id: room, players: [A, B], now: 0 });
    const first = step(start.state, sealedMatchAction(room, { type: 'commit', round: 1, commitment: commitmentOf(A, 'rock') }, A, 10));
    expect(needsSave(first.effects)).toBe(false);
    const both = step(first.state, sealedMatchAction(room, { type: 'commit', round: 1, commitment: commitmentOf(B, 'paper') }, B, 20));
    expect(needsSave(both.effects)).toBe(true);
    const { sent, events } = recordingEvents();
    tellEffects(events, game, both.effects);
    expect(sent).toEqual([
      { to: A, event: 'opponent_choice_locked', payload: { room } },
      { to: A, event: 'reveal_request', payload: { room, round: 1 } },
      { to: B, event: 'reveal_request', payload: { room, round: 1 } },
    ]);
    const revealedA = step(both.state, sealedMatchAction(room, { type: 'reveal', round: 1, choice: 'rock', salt }, A, 30));
    expect(needsSave(revealedA.effects)).toBe(false);
    sent.length = 0;
    tellEffects(events, game, revealedA.effects);
    expect(sent).toEqual([]);

    // A new owner has only the stored state (the request, not A's reveal): it asks A again, with a fresh window.
    const resumed = resumeReveals(both.state, 5_000);
    expect(resumed.effects).toEqual([{ type: 'revealRequest', round: 1, playerIds: [A, B] }]);
    expect(resumed.state.revealRequestedAt).toBe(5_000);
    const againA = step(resumed.state, sealedMatchAction(room, { type: 'reveal', round: 1, choice: 'rock', salt }, A, 5_100));
    const resolved = step(againA.state, sealedMatchAction(room, { type: 'reveal', round: 1, choice: 'paper', salt }, B, 5_200));
    expect(needsSave(resolved.effects)).toBe(true);
    sent.length = 0;
    tellEffects(events, game, resolved.effects);
    expect(sent.find((entry) => entry.event === 'game_result')!.payload).toMatchObject({
      player1Seal: { commitment: commitmentOf(A, 'rock'), salt },
      player2Seal: { commitment: commitmentOf(B, 'paper'), salt },
      player1Mode: 'sealed',
      player2Mode: 'sealed',
      winnerId: B,
    });
    // Outside the reveal, a takeover changes nothing.
    expect(resumeReveals(start.state, 5_000)).toEqual({ state: start.state, effects: [] });
  });
});
