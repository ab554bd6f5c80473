import {
  apply,
  createMatch,
  nextDeadline,
  resumeReveals,
  settlement,
  type MatchAction,
  type MatchEffect,
  type MatchState,
} from '@shifumi/game';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../shared/logger';
import type { GameEvents } from './game-events';
import {
  GameRoom,
  needsSave,
  tellEffects,
  TICK_RETRY_MS,
  type GameEnding,
  type GamePlayer,
  type GameStore,
  type RoomLease,
} from './game-room';
import { openedCommitment, sealedMatchAction } from './sealed-choices';

/** An in-memory transport: records who was told what. */
function recordingEvents() {
  const sent: Array<{ to: string; event: string; payload: unknown }> = [];
  const events: GameEvents = {
    seat() {},
    toSocket: (socketId, event, ...payload) => void sent.push({ to: `socket:${socketId}`, event, payload: payload[0] }),
    toPlayer: (_gameId, userId, event, ...payload) => void sent.push({ to: userId, event, payload: payload[0] }),
    toBoth: (_gameId, [first, second], event, ...payload) =>
      void sent.push({ to: `${first}+${second}`, event, payload: payload[0] }),
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

  it('issue 17 and 30: stores neither the reveal request nor a first reveal; tells the request to each sealed player and nothing of a reveal', () => {
    const room = game.id;
    const salt = 'c'.repeat(64);
    const commitmentOf = (userId: string, choice: string) =>
      openedCommitment({ room, round: 1, userId, choice: choice as 'rock', salt });
    const start = createMatch({ id: room, players: [A, B], now: 0 });
    const first = step(
      start.state,
      sealedMatchAction(room, { type: 'commit', round: 1, commitment: commitmentOf(A, 'rock') }, A, 10),
    );
    expect(needsSave(first.effects)).toBe(false);
    const both = step(
      first.state,
      sealedMatchAction(room, { type: 'commit', round: 1, commitment: commitmentOf(B, 'paper') }, B, 20),
    );
    expect(needsSave(both.effects)).toBe(false);
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

    // A new owner that has the request stored (a node that stopped stores it, `flush`), not A's reveal: it asks A again, with a fresh window.
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

// ---- the room, on in-memory fakes (no database, no Socket.IO) ----------------------------------

const players: [GamePlayer, GamePlayer] = [
  { id: A, name: 'Ann', walletAddress: null, character: 'rock' as GamePlayer['character'] },
  { id: B, name: 'Bob', walletAddress: null, character: 'paper' as GamePlayer['character'] },
];

/** A room on fakes: `log` records, in order, what was stored, settled and told. */
function fakeRoom(options: { shared?: boolean; state?: MatchState; pendingEffects?: MatchEffect[] } = {}) {
  const log: string[] = [];
  const { sent, events } = recordingEvents();
  const told: GameEvents = {
    seat: events.seat,
    toSocket: (...args) => void (log.push(`tell ${args[1]}`), events.toSocket(...args)),
    toPlayer: (...args) => void (log.push(`tell ${args[2]}`), events.toPlayer(...args)),
    toBoth: (...args) => void (log.push(`tell ${args[2]}`), events.toBoth(...args)),
    toPublic: (...args) => void (log.push(`tell ${args[0]}`), events.toPublic(...args)),
  };
  const saves: Array<{ token: bigint; state: MatchState; deadline: number | null }> = [];
  const settles: GameEnding[] = [];
  const released: string[] = [];
  const balances: Array<[string, bigint]> = [];
  const lost: string[] = [];
  const errors: string[] = [];
  const fakes = {
    /** Answers of the next saves (true when none is left); a function runs instead (to block or throw). */
    saveAnswers: [] as Array<boolean | (() => Promise<boolean>)>,
    settleAnswer: new Map([[A, 7n]]) as Map<string, bigint> | undefined,
    /** Answers of the next lease checks (true when none is left). */
    ownedAnswers: [] as boolean[],
    ownedChecks: 0,
    stopping: false,
  };
  const store: GameStore = {
    async save(_gameId, token, state, deadline) {
      const answer = fakes.saveAnswers.shift() ?? true;
      const saved = typeof answer === 'function' ? await answer() : answer;
      log.push(`save ${saved}`);
      if (saved) saves.push({ token, state, deadline });
      return saved;
    },
    async settle(ending) {
      log.push('settle');
      settles.push(ending);
      return fakes.settleAnswer;
    },
    balanceOf: async (userId) => (userId === B ? 3n : 0n),
  };
  const lease: RoomLease = {
    shared: options.shared ?? false,
    async stillOwned() {
      fakes.ownedChecks += 1;
      return fakes.ownedAnswers.shift() ?? true;
    },
    released: (_room, reason) => void released.push(reason),
  };
  const logger = {
    info() {},
    warn() {},
    debug() {},
    error: (_fields: unknown, message: string) => void errors.push(message),
  } as unknown as Logger;
  const start = createMatch({ id: game.id, players: [A, B], now: Date.now() });
  const room = new GameRoom(
    {
      id: game.id,
      state: options.state ?? start.state,
      stakeWei: 100n,
      betUsd: 5,
      players,
      token: 9n,
      validUntil: Number.POSITIVE_INFINITY,
      pendingEffects: options.pendingEffects,
    },
    {
      store,
      events: told,
      clock: () => new Date(Date.now()),
      lease,
      logger,
      balanceEvents: { balanceChanged: (userId, balance) => void balances.push([userId, balance]) },
      stopping: () => fakes.stopping,
      connectionLost: (_gameId, playerId) => void lost.push(playerId),
    },
  );
  return { room, log, sent, saves, settles, released, balances, lost, errors, fakes, start };
}

const disconnect = (playerId: string) => ({ type: 'disconnect' as const, playerId, now: Date.now() });
const reconnect = (playerId: string) => ({ type: 'reconnect' as const, playerId, now: Date.now() });

describe('game room: the driver', () => {
  afterEach(() => vi.useRealTimers());

  it('runs actions one at a time, in order: the second waits for the first one’s save', async () => {
    const { room, log, fakes, saves } = fakeRoom();
    let release!: (saved: boolean) => void;
    fakes.saveAnswers.push(() => new Promise<boolean>((resolve) => (release = resolve)));
    const first = room.act(disconnect(B));
    const second = room.act(reconnect(B));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fakes.ownedChecks).toBe(1); // the second has not begun
    expect(log).toEqual([]);
    release(true);
    expect(await first).toEqual({ ok: true });
    expect(await second).toEqual({ ok: true });
    expect(saves.map((save) => save.state.players.find((player) => player.id === B)!.connected)).toEqual([false, true]);
    expect(log).toEqual(['save true', 'tell opponent_connection', 'save true', 'tell opponent_connection']);
  });

  it('saves a step, under the owner token and with its deadline, before it is told; a disconnection is checked with the other nodes', async () => {
    const { room, log, sent, saves, lost } = fakeRoom();
    expect(await room.act(disconnect(B))).toEqual({ ok: true });
    expect(log).toEqual(['save true', 'tell opponent_connection']);
    expect(saves).toHaveLength(1);
    expect(saves[0]!.token).toBe(9n);
    expect(saves[0]!.deadline).toBe(nextDeadline(saves[0]!.state));
    expect(room.state).toBe(saves[0]!.state);
    expect(sent).toEqual([{ to: A, event: 'opponent_connection', payload: { room: game.id, connected: false } }]);
    expect(lost).toEqual([B]);
  });

  it('a timer fired before its deadline stores and tells nothing (issue 30: a warm game had a save too many)', async () => {
    const { room, log, saves, sent } = fakeRoom();
    const before = room.state;
    expect(await room.act({ type: 'tick', now: Date.now() })).toEqual({ ok: true });
    expect(log).toEqual([]);
    expect(saves).toEqual([]);
    expect(sent).toEqual([]);
    expect(room.state).toBe(before);
  });

  it('writes nothing for a choice locked, and tells it (alone: no further lease check)', async () => {
    const { room, log, sent, fakes } = fakeRoom();
    expect(await room.act({ type: 'choose', playerId: A, choice: 'rock', now: Date.now() })).toEqual({ ok: true });
    expect(log).toEqual(['tell opponent_choice_locked']);
    expect(fakes.ownedChecks).toBe(1);
    expect(sent).toEqual([{ to: B, event: 'opponent_choice_locked', payload: { room: game.id } }]);
    expect(room.state.players.find((player) => player.id === A)!.choice).not.toBeNull();
  });

  it('with other nodes, confirms the lease before telling an unsaved step; lost, it tells nobody and lets the game go', async () => {
    const kept = fakeRoom({ shared: true });
    expect(await kept.room.act({ type: 'choose', playerId: A, choice: 'rock', now: Date.now() })).toEqual({ ok: true });
    expect(kept.fakes.ownedChecks).toBe(2);
    expect(kept.room.validUntil).toBe(0); // forced to ask the lease store, not its local validity

    const lostLease = fakeRoom({ shared: true });
    lostLease.fakes.ownedAnswers.push(true, false);
    const before = lostLease.room.state;
    expect(await lostLease.room.act({ type: 'choose', playerId: A, choice: 'rock', now: Date.now() })).toEqual({
      ok: false,
      code: 'moving',
    });
    expect(lostLease.log).toEqual([]);
    expect(lostLease.sent).toEqual([]);
    expect(lostLease.room.state).toBe(before);
    expect(lostLease.room.gone).toBe(true);
    expect(lostLease.released).toEqual(['lease lost (checked before telling an unsaved step)']);
  });

  it('fenced out at a save: tells nobody, keeps the old state, lets the game go, refuses what follows', async () => {
    const { room, log, sent, released, fakes } = fakeRoom();
    fakes.saveAnswers.push(false);
    const before = room.state;
    expect(await room.act(disconnect(B))).toEqual({ ok: false, code: 'moving' });
    expect(log).toEqual(['save false']);
    expect(sent).toEqual([]);
    expect(room.state).toBe(before);
    expect(room.gone).toBe(true);
    expect(released).toEqual(['fenced out (another node claimed the game)']);
    expect(await room.act(reconnect(B))).toEqual({ ok: false, code: 'moving' });
    expect(log).toEqual(['save false']);
  });

  it('a lease taken by another node: nothing applied, the game let go', async () => {
    const { room, log, released, fakes } = fakeRoom();
    fakes.ownedAnswers.push(false);
    expect(await room.act(disconnect(B))).toEqual({ ok: false, code: 'moving' });
    expect(log).toEqual([]);
    expect(released).toEqual(['lease lapsed and taken by another node']);
  });

  it('refuses what the engine refuses, writing and telling nothing', async () => {
    const { room, log, released } = fakeRoom();
    const result = await room.act({ type: 'choose', playerId: A, choice: 'lizard', now: Date.now() });
    expect(result.ok).toBe(false);
    expect(log).toEqual([]);
    expect(released).toEqual([]);
  });

  it('settles the game over once, then tells it: the result, the balances (read for a player not paid), the public feed', async () => {
    const { room, log, sent, settles, released, balances } = fakeRoom();
    expect(await room.act({ type: 'leave', playerId: B, now: Date.now() })).toEqual({ ok: true });
    expect(settles).toHaveLength(1);
    expect(settles[0]).toMatchObject({ gameId: game.id, token: 9n, playerIds: [A, B], winnerId: A, endReason: 'forfeit-leave' });
    expect([...settles[0]!.payouts]).toEqual([...settlement(settles[0]!.state, 100n)]);
    expect(log[0]).toBe('settle');
    expect(log.indexOf('tell new_transaction')).toBeLessThan(log.indexOf('tell game_dead'));
    expect(balances).toEqual([
      [A, 7n],
      [B, 3n],
    ]);
    expect(sent).toContainEqual({
      to: 'public',
      event: 'new_transaction',
      payload: expect.objectContaining({ game: game.id, player1: 'Ann', player2: 'Bob', winner: 'Ann', amount: 5 }),
    });
    expect(sent).toContainEqual({ to: A, event: 'game_dead', payload: { room: game.id } });
    expect(room.state.phase).toBe('over');
    expect(room.gone).toBe(true);
    expect(released).toEqual(['ended']);
    expect(await room.act({ type: 'leave', playerId: A, now: Date.now() })).toEqual({ ok: false, code: 'moving' });
    expect(settles).toHaveLength(1);
  });

  it('fenced out at settlement: nothing told, the game let go', async () => {
    const { room, sent, balances, released, fakes } = fakeRoom();
    fakes.settleAnswer = undefined;
    expect(await room.act({ type: 'leave', playerId: B, now: Date.now() })).toEqual({ ok: false, code: 'moving' });
    expect(sent).toEqual([]);
    expect(balances).toEqual([]);
    expect(room.state.phase).not.toBe('over');
    expect(released).toEqual(['fenced out at settlement (another node claimed the game)']);
  });

  it('ticks at the next deadline; a tick that fails is tried again a second later', async () => {
    vi.useFakeTimers();
    const { room, log, errors, fakes } = fakeRoom();
    fakes.saveAnswers.push(() => Promise.reject(new Error('database unreachable')));
    room.schedule();
    const deadline = nextDeadline(room.state)!;
    await vi.advanceTimersByTimeAsync(deadline - Date.now() - 1);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(errors).toEqual(['Game tick failed; trying again']);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(TICK_RETRY_MS - 1);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['save true', 'tell game_result', 'tell round_end']);
  });

  it('a timer does nothing while the node stops, nor once the room is let go', async () => {
    vi.useFakeTimers();
    const stopping = fakeRoom();
    stopping.room.schedule();
    stopping.fakes.stopping = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(stopping.log).toEqual([]);

    const gone = fakeRoom();
    gone.room.schedule();
    gone.room.letGo('test');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gone.log).toEqual([]);
    expect(gone.released).toEqual(['test']);
  });

  it('a game taken over: counts each player as found (saved, told), sends the pending reveal requests again, arms its timer', async () => {
    vi.useFakeTimers();
    const room = 'game-1';
    const salt = 'd'.repeat(64);
    const commitmentOf = (userId: string, choice: string) =>
      openedCommitment({ room, round: 1, userId, choice: choice as 'rock', salt });
    const start = createMatch({ id: room, players: [A, B], now: Date.now() });
    const first = step(
      start.state,
      sealedMatchAction(room, { type: 'commit', round: 1, commitment: commitmentOf(A, 'rock') }, A, Date.now()),
    );
    const both = step(
      first.state,
      sealedMatchAction(room, { type: 'commit', round: 1, commitment: commitmentOf(B, 'paper') }, B, Date.now()),
    );
    const resumed = resumeReveals(both.state, Date.now());
    const taken = fakeRoom({ state: resumed.state, pendingEffects: resumed.effects });
    await taken.room.resume((playerId) => playerId === A);
    expect(taken.log).toEqual([
      'save true',
      'tell opponent_connection',
      'tell game_state',
      'tell reveal_request',
      'tell reveal_request',
    ]);
    // Only A is found: A is sent the game as stored (revealing, A's reveal awaited), then both are asked again.
    expect(taken.sent[1]).toMatchObject({
      to: A,
      event: 'game_state',
      payload: { room, round: 1, choiceLocked: true, opponentChoiceLocked: true, revealPending: true, opponent: { id: B } },
    });
    expect(taken.sent.slice(2)).toEqual([
      { to: A, event: 'reveal_request', payload: { room, round: 1 } },
      { to: B, event: 'reveal_request', payload: { room, round: 1 } },
    ]);
    expect(taken.room.pendingEffects).toEqual([]);
    // Its timer is armed: the fresh reveal window ends, and B (who was asked again but never revealed) forfeits.
    await vi.advanceTimersByTimeAsync(nextDeadline(taken.room.state)! - Date.now() - 1);
    expect(taken.log).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(taken.log.slice(5)).toEqual(['settle', 'tell new_transaction', 'tell game_dead']);
  });
});

describe('game room: a sealed round in memory until its result (issues 17 and 30)', () => {
  const room = 'game-1';
  const salt = 'e'.repeat(64);
  const commit = (userId: string, choice: string) =>
    sealedMatchAction(
      room,
      { type: 'commit', round: 1, commitment: openedCommitment({ room, round: 1, userId, choice: choice as 'rock', salt }) },
      userId,
      Date.now(),
    );
  const reveal = (userId: string, choice: string) =>
    sealedMatchAction(room, { type: 'reveal', round: 1, choice: choice as 'rock', salt }, userId, Date.now());

  it('stores neither the request nor the first reveal: the round result stores the commitments and both reveals in one write', async () => {
    const { room: game, log, saves } = fakeRoom();
    expect(await game.act(commit(A, 'rock'))).toEqual({ ok: true });
    expect(await game.act(commit(B, 'paper'))).toEqual({ ok: true });
    expect(await game.act(reveal(A, 'rock'))).toEqual({ ok: true });
    expect(log).toEqual([
      'tell opponent_choice_locked',
      'tell opponent_choice_locked',
      'tell reveal_request',
      'tell reveal_request',
    ]);
    expect(await game.act(reveal(B, 'paper'))).toEqual({ ok: true });
    expect(log.slice(4)).toEqual(['save true', 'tell game_result', 'tell round_end']);
    expect(saves).toHaveLength(1);
    expect(saves[0]!.state.rounds[0]!.plays).toMatchObject([
      { choice: 'rock', mode: 'sealed', commitment: expect.any(String) },
      { choice: 'paper', mode: 'sealed', commitment: expect.any(String) },
    ]);
  });

  it('a node that stops stores a round awaiting its reveals (`flush`), never a lone lock, and nothing once stored or let go', async () => {
    const lone = fakeRoom();
    await lone.room.act(commit(A, 'rock'));
    await lone.room.flush();
    expect(lone.saves, 'a lock alone is never stored').toEqual([]);

    const revealing = fakeRoom();
    await revealing.room.act(commit(A, 'rock'));
    await revealing.room.act(commit(B, 'paper'));
    await revealing.room.act(reveal(A, 'rock'));
    await revealing.room.flush();
    expect(revealing.saves).toHaveLength(1);
    expect(revealing.saves[0]!.state.phase).toBe('revealing');
    expect(revealing.saves[0]!.state.players.map((player) => player.commitment !== null)).toEqual([true, true]);
    await revealing.room.flush();
    expect(revealing.saves, 'stored once').toHaveLength(1);

    const fenced = fakeRoom();
    await fenced.room.act(commit(A, 'rock'));
    await fenced.room.act(commit(B, 'paper'));
    fenced.fakes.saveAnswers.push(false);
    await fenced.room.flush();
    expect(fenced.log.at(-1)).toBe('save false');

    const gone = fakeRoom();
    await gone.room.act(commit(A, 'rock'));
    await gone.room.act(commit(B, 'paper'));
    gone.room.letGo('test');
    await gone.room.flush();
    expect(gone.saves).toEqual([]);
  });

  it('a game taken over with its locks lost: each player found is sent the round as stored, free to choose again', async () => {
    const taken = fakeRoom();
    await taken.room.resume(() => true);
    const states = taken.sent.filter((entry) => entry.event === 'game_state');
    expect(states.map((entry) => entry.to)).toEqual([A, B]);
    for (const entry of states)
      expect(entry.payload).toMatchObject({ room, round: 1, choiceLocked: false, opponentChoiceLocked: false });
    expect(taken.saves).toEqual([]);
  });
});
