import { createHash } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { TEXTS, type GameFoundEvent, type ServerToClientEvents } from '@shifumi/protocol';
import { backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs, testUser } from '../../../test/render-app';
import { interceptLeaving } from '../../../lib/leave-guard';
import { connectAuthenticatedSocket, disconnectAuthenticatedSocket, loadRealtimeClient } from '../../../lib/socket';
import { resetMatchmaking, searchGame } from '../../../lib/matchmaking';
import { authenticatedServer } from '../../../test/fake-socket';
import { GAME_EN } from '@shifumi/protocol/catalogue/en/game';
import { resetRematch } from '../rematch-store';

// Only the network is fake: the app's socket module runs for real on a fake socket.io-client.
vi.mock('socket.io-client', () => import('../../../test/fake-socket'));
// socket.io-client is fetched on first use: load the fake one before any test opens a socket.
beforeAll(() => loadRealtimeClient());

const ME = testUser.id;
const OPPONENT = 'user-2';
const ROOM = 'room-1';
const FOUND: GameFoundEvent = {
  room: ROOM,
  opponentCharacter: 'Character3',
  opponent: { id: OPPONENT, name: 'Bo', walletAddress: null },
  amount: 10,
  stakeEth: '0.003333333333333334',
};

let server: ReturnType<typeof authenticatedServer>;

/** The server sends `event` to this player. */
function send<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
  act(() => server.send(event, ...args));
}

function sent(event: string): unknown[] {
  return server.socket.sentPayloads(event);
}

/** Answers every send_reaction sent so far (Socket.IO's acknowledgement). */
function answerReactions(answer: unknown) {
  for (const [name, , ack] of server.socket.sent) if (name === 'send_reaction' && typeof ack === 'function') ack(answer);
}

const commitmentOf = (round: number, userId: string, choice: string, salt: string) =>
  createHash('sha256').update(`shifumi-commit-v1|${ROOM}|${round}|${userId}|${choice}|${salt}`, 'utf8').digest('hex');

/** The commitments sent so far, once the browser's hashing (Web Crypto, asynchronous) has sent `count` of them. */
async function commitsSent(count: number): Promise<Array<{ room: string; round: number; commitment: string }>> {
  await vi.waitFor(() => expect(sent('commit_choice')).toHaveLength(count));
  return sent('commit_choice') as Array<{ room: string; round: number; commitment: string }>;
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function button(name: string): HTMLButtonElement {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

/** Signed in on the home page, searching for a 10 USDT game as Character2, then matched: the game screen opens. */
function openGame(options: { deadline?: number; found?: GameFoundEvent } = {}) {
  signInAs('token-1');
  installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
  connectAuthenticatedSocket('token-1');
  server = authenticatedServer();
  const view = renderApp('/');
  act(() => searchGame('Character2', 10));
  send('game_found', options.found ?? FOUND);
  expect(view.router.state.location.pathname).toBe('/search-game');
  send('new_round', { round: 1, deadline: options.deadline ?? Date.now() + 10_000 });
  return view;
}

/** The round's result and round_end as the server sends them, mine first or second. */
function result(
  mine: 'rock' | 'paper' | 'scissors',
  theirs: 'rock' | 'paper' | 'scissors',
  winner: string,
  scores: [number, number],
  gameOver = false,
) {
  send('game_result', { player1Id: OPPONENT, player2Id: ME, player1Choice: theirs, player2Choice: mine, winnerId: winner });
  send('round_end', { scores: { [ME]: scores[0], [OPPONENT]: scores[1] }, gameOver, ...(gameOver ? { winnerId: winner } : {}) });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  resetMatchmaking();
  disconnectAuthenticatedSocket();
});

describe('game screen: opening', () => {
  it('sends a visitor without navigation state to /', () => {
    signInAs('token-1');
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    const { router } = renderApp('/search-game');
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a reloaded page (a game this page did not find) home', () => {
    signInAs('token-1');
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    const { router } = renderApp({ pathname: '/search-game', state: { ...FOUND, character: 'Character2' } });
    expect(router.state.location.pathname).toBe('/');
  });

  it('does not miss the first round when the server sends it together with game_found', () => {
    signInAs('token-1');
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    connectAuthenticatedSocket('token-1');
    server = authenticatedServer();
    const { router } = renderApp('/');
    act(() => searchGame('Character2', 10));
    // Both in one task, before React renders the navigation.
    act(() => {
      server.send('game_found', FOUND);
      server.send('new_round', { round: 1, deadline: Date.now() + 10_000 });
    });
    expect(router.state.location.pathname).toBe('/search-game');
    expect(screen.getByTestId('countdown').textContent).toBe('10');
    expect(button('Rock').disabled).toBe(false);
  });

  it('shows both players, their characters with VS, and the bet', () => {
    openGame();
    expect(screen.getByText('Bo')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'You: Origami' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Opponent: Snips' })).toBeTruthy();
    expect(screen.getByText('VS')).toBeTruthy();
    expect(screen.getByText('Bet 10 USDT · 0.003333 ETH')).toBeTruthy();
  });
});

describe('game screen: a round', () => {
  it('counts down from the server deadline, not from a local 10 s', () => {
    openGame({ deadline: Date.now() + 4_000 });
    expect(screen.getByTestId('countdown').textContent).toBe('4');
    advance(1_000);
    expect(screen.getByTestId('countdown').textContent).toBe('3');
    // A client clock behind the server's never shows more than the round.
    send('new_round', { round: 2, deadline: Date.now() + 60_000 });
    expect(screen.getByTestId('countdown').textContent).toBe('10');
    expect(screen.getByText('Round 2')).toBeTruthy();
  });

  it('announces when five seconds are left', () => {
    openGame();
    expect(screen.queryByText('Five seconds left to choose.')).toBeNull();
    advance(5_100);
    expect(screen.getByText('Five seconds left to choose.')).toBeTruthy();
  });

  it('locks the buttons after a choice and sends it sealed, once; reveals it only on reveal_request', async () => {
    openGame();
    fireEvent.click(button('Paper'));
    const [commit] = await commitsSent(1);
    expect(sent('make_choice')).toEqual([]);
    expect(JSON.stringify(server.socket.sent)).not.toMatch(/paper/);
    for (const name of ['Rock', 'Paper', 'Scissors']) expect(button(name).disabled).toBe(true);
    expect(button('Paper').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button('Rock'));
    advance(10_500);
    expect(sent('commit_choice')).toHaveLength(1);
    // Kept for a reload: the salt is in sessionStorage with the choice.
    const kept = JSON.parse(sessionStorage.getItem(`shifumi-seal:${ROOM}:1`)!) as { choice: string; salt: string };
    expect(kept.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(commit).toEqual({ room: ROOM, round: 1, commitment: commitmentOf(1, ME, 'paper', kept.salt) });
    send('reveal_request', { room: ROOM, round: 1 });
    expect(sent('reveal_choice')).toEqual([{ room: ROOM, round: 1, choice: 'paper', salt: kept.salt }]);
  });

  it("checks the opponent's seal on the result and shows it", async () => {
    openGame();
    const salt = 'ab'.repeat(32);
    const seal = { commitment: commitmentOf(1, OPPONENT, 'rock', salt), salt };
    send('game_result', {
      player1Id: OPPONENT,
      player2Id: ME,
      player1Choice: 'rock',
      player2Choice: 'paper',
      winnerId: ME,
      player1Seal: seal,
      player2Seal: null,
    });
    advance(4_100);
    await vi.waitFor(() => expect(screen.getByTestId('seal-check').textContent).toBe('sealed ✓'));
    send('new_round', { round: 2, deadline: Date.now() + 10_000 });
    expect(screen.queryByTestId('seal-check')).toBeNull();
    // A seal that does not open with the choice shown is flagged.
    send('game_result', {
      player1Id: OPPONENT,
      player2Id: ME,
      player1Choice: 'scissors',
      player2Choice: 'paper',
      winnerId: OPPONENT,
      player1Seal: { ...seal, commitment: commitmentOf(2, OPPONENT, 'rock', salt) },
      player2Seal: null,
    });
    advance(4_100);
    await vi.waitFor(() => expect(screen.getByTestId('seal-check').textContent).toBe('seal does not match ✗'));
  });

  it('says when the opponent has chosen and when they are disconnected', () => {
    openGame();
    send('opponent_choice_locked', { room: ROOM });
    expect(screen.getByText('Opponent has chosen')).toBeTruthy();
    send('opponent_connection', { room: ROOM, connected: false });
    expect(screen.getByText('Disconnected')).toBeTruthy();
    send('opponent_connection', { room: ROOM, connected: true });
    expect(screen.queryByText('Disconnected')).toBeNull();
    // Another game's events are not this one's.
    send('opponent_connection', { room: 'other-room', connected: false });
    expect(screen.queryByText('Disconnected')).toBeNull();
  });

  it('plays rock by itself at 0, once, sealed', async () => {
    openGame();
    advance(9_000);
    expect(sent('commit_choice')).toEqual([]);
    advance(1_200);
    const [commit] = await commitsSent(1);
    const kept = JSON.parse(sessionStorage.getItem(`shifumi-seal:${ROOM}:1`)!) as { choice: string; salt: string };
    expect(kept.choice).toBe('rock');
    expect(commit!.commitment).toBe(commitmentOf(1, ME, 'rock', kept.salt));
    advance(2_000);
    expect(sent('commit_choice')).toHaveLength(1);
  });

  it('a new round opens the buttons and the timer again', () => {
    openGame();
    fireEvent.click(button('Rock'));
    send('opponent_choice_locked', { room: ROOM });
    result('rock', 'rock', 'draw', [0, 0]);
    advance(4_000);
    send('new_round', { round: 2, deadline: Date.now() + 10_000 });
    expect(button('Rock').disabled).toBe(false);
    expect(screen.getByTestId('countdown').textContent).toBe('10');
    expect(screen.getByTestId('round-result').textContent).toBe('Make your choice');
    expect(screen.queryByText('Opponent has chosen')).toBeNull();
  });

  it('restores the round, deadline, scores and locked choice from game_state after a reconnection', () => {
    openGame();
    send('game_state', {
      room: ROOM,
      round: 3,
      deadline: Date.now() + 6_000,
      scores: { [ME]: 1, [OPPONENT]: 1 },
      opponent: FOUND.opponent,
      opponentCharacter: 'Character3',
      choiceLocked: true,
    });
    expect(screen.getByText('Round 3')).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toBe('6');
    expect(screen.getByTestId('my-score').textContent).toBe('1');
    expect(screen.getByTestId('opponent-score').textContent).toBe('1');
    expect(button('Rock').disabled).toBe(true);
    advance(6_500);
    expect(sent('make_choice')).toEqual([]);
    expect(sent('commit_choice')).toEqual([]);
  });

  it('shows a server error in the status line', () => {
    openGame();
    send('error', { code: 'too-late', message: 'Too late for this round.' });
    expect(screen.getByText('Too late for this round.').getAttribute('role')).toBe('status');
  });
});

describe('game screen: results', () => {
  it('shuffles the hands every 100 ms for 4 s, then shows both choices, You Win and the new score', () => {
    openGame();
    fireEvent.click(button('Paper'));
    result('paper', 'rock', ME, [1, 0]);
    expect(screen.getByTestId('round-result').textContent).toBe('Revealing…');
    const shown = () => screen.getByTestId('my-hand').querySelector('svg')?.getAttribute('data-choice');
    const first = shown();
    advance(100);
    const second = shown();
    advance(100);
    expect(new Set([first, second, shown()]).size).toBe(3);
    advance(3_700);
    expect(screen.getByTestId('my-score').textContent).toBe('0');
    expect(screen.queryByRole('img', { name: 'You played Paper' })).toBeNull();
    advance(100);
    expect(screen.getByTestId('round-result').textContent).toBe('You Win');
    expect(screen.getByRole('img', { name: 'You played Paper' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Opponent played Rock' })).toBeTruthy();
    expect(screen.getByTestId('my-score').textContent).toBe('1');
    expect(screen.getByTestId('opponent-score').textContent).toBe('0');
  });

  it('a lost round says You Lose; a draw says Draw and changes no score', () => {
    openGame();
    result('scissors', 'rock', OPPONENT, [0, 1]);
    advance(4_000);
    expect(screen.getByTestId('round-result').textContent).toBe('You Lose');
    expect(screen.getByTestId('opponent-score').textContent).toBe('1');
    send('new_round', { round: 2, deadline: Date.now() + 10_000 });
    result('paper', 'paper', 'draw', [0, 1]);
    advance(4_000);
    expect(screen.getByTestId('round-result').textContent).toBe('Draw');
    expect(screen.getByTestId('my-score').textContent).toBe('0');
    expect(screen.getByTestId('opponent-score').textContent).toBe('1');
  });

  it('plays its sounds: match found, the last 3 s of the clock, and each round won, lost or drawn; none once muted (issue 14)', async () => {
    // Each sound is known by its first note (SOUND_NOTES).
    const FIRST_NOTES: Record<number, string> = { 659.25: 'matchFound', 880: 'tick', 523.25: 'win', 392: 'lose', 440: 'draw' };
    let played: string[] = [];
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      state = 'running';
      private notes = 0;
      createOscillator() {
        const oscillator = {
          type: '',
          frequency: {
            set value(hz: number) {
              if (FIRST_NOTES[hz] && oscillator.first) played.push(FIRST_NOTES[hz]);
            },
          },
          first: false,
          connect: (node: unknown) => node,
          start() {},
          stop() {},
        };
        return oscillator;
      }
      createGain() {
        return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (node: unknown) => node };
      }
    }
    // Only the first note of each sound counts: the oscillator made right after a sound starts.
    const original = FakeAudioContext.prototype.createOscillator;
    let lastStart = -1;
    FakeAudioContext.prototype.createOscillator = function (this: FakeAudioContext) {
      const oscillator = original.call(this);
      const now = Date.now();
      oscillator.first = now !== lastStart;
      lastStart = now;
      return oscillator;
    };
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { user } = openGame({ deadline: Date.now() + 10_000 });
    expect(played).toEqual(['matchFound']);
    played = [];
    advance(6_000);
    expect(played).toEqual([]);
    advance(1_100); // 3 s left
    expect(played).toEqual(['tick']);
    advance(1_000); // 2 s left
    expect(played).toEqual(['tick', 'tick']);
    advance(1_000); // 1 s left
    expect(played).toEqual(['tick', 'tick', 'tick']);
    played = [];
    result('scissors', 'rock', OPPONENT, [0, 1]);
    advance(3_900);
    expect(played).toEqual([]);
    advance(100);
    expect(played).toEqual(['lose']);
    send('new_round', { round: 2, deadline: Date.now() + 10_000 });
    played = [];
    result('rock', 'rock', 'draw', [0, 1]);
    advance(4_000);
    expect(played).toEqual(['draw']);

    // The toggle mutes them, and it is remembered.
    const toggle = screen.getByRole('switch', { name: 'Sounds' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(window.localStorage.getItem('shifumi.soundMuted')).toBe('true');
    send('new_round', { round: 3, deadline: Date.now() + 10_000 });
    played = [];
    result('rock', 'scissors', ME, [1, 1]);
    advance(4_000);
    expect(played).toEqual([]);
    window.localStorage.removeItem('shifumi.soundMuted');
  });

  it('a next round that starts before the reveal timer ends is not covered by the old result', () => {
    openGame();
    result('rock', 'rock', 'draw', [0, 0]);
    advance(3_990);
    send('new_round', { round: 2, deadline: Date.now() + 10_000 });
    advance(100);
    expect(screen.getByTestId('round-result').textContent).toBe('Make your choice');
    expect(button('Rock').disabled).toBe(false);
  });
});

describe('game screen: the end', () => {
  it('opens the popup 1 s after the last reveal: You Win +10 USDT (the bet won); Play Again searches with the same character and amount, and can be cancelled', () => {
    openGame();
    result('paper', 'rock', ME, [1, 0]);
    advance(4_000);
    send('new_round', { round: 2, deadline: Date.now() + 10_000 });
    result('scissors', 'paper', ME, [2, 0], true);
    advance(4_000);
    expect(screen.getByTestId('round-result').textContent).toBe('You Win');
    expect(screen.getByTestId('my-score').textContent).toBe('2');
    advance(900);
    expect(screen.queryByRole('dialog')).toBeNull();
    advance(100);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('You Win +10 USDT');
    expect(dialog.textContent).not.toContain(GAME_EN.over.opponentLeft);

    fireEvent.click(button('Play Again'));
    expect(sent('search_game').at(-1)).toEqual({ character: 'Character2', amount: 10 });
    fireEvent.click(button('Cancel'));
    expect(sent('cancel_search')).toHaveLength(1);
    expect(button('Play Again')).toBeTruthy();
  });

  it('Play Again: the next game found opens a fresh screen', () => {
    const { router } = openGame();
    result('paper', 'rock', ME, [2, 0], true);
    advance(4_000);
    advance(1_000);
    fireEvent.click(button('Play Again'));
    send('game_found', { ...FOUND, room: 'room-2', opponent: { id: 'user-3', name: 'Cy', walletAddress: null } });
    expect(router.state.location.state).toMatchObject({ room: 'room-2', character: 'Character2', amount: 10 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Cy')).toBeTruthy();
    expect(screen.getByTestId('my-score').textContent).toBe('0');
    // The finished game is not forfeited again.
    advance(10);
    expect(sent('leave_game')).toEqual([]);
  });

  it('a lost game says You Lose -10 USDT; Go Home goes to /home, and Back does not reopen the finished game', async () => {
    const { router } = openGame();
    result('rock', 'paper', OPPONENT, [0, 2], true);
    advance(4_000);
    advance(1_000);
    expect(screen.getByRole('dialog').textContent).toContain('You Lose -10 USDT');
    fireEvent.click(button('Go Home'));
    expect(router.state.location.pathname).toBe('/home');
    await act(async () => {
      await router.navigate(-1);
    });
    expect(router.state.location.pathname).toBe('/');
    advance(10);
    expect(sent('leave_game')).toEqual([]);
  });

  it('a game the server ends as a draw (round cap) says Draw and that the bet is refunded', () => {
    openGame();
    result('rock', 'rock', 'draw', [0, 0], true);
    advance(4_000);
    advance(1_000);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Draw');
    expect(dialog.textContent).toContain('your 10 USDT bet is refunded');
    expect(dialog.textContent).not.toContain('You Lose');
  });

  it('Rematch (issue 24): asks, says it waits, and says why when declined; an offer shows Accept and Decline', () => {
    openGame();
    result('paper', 'rock', ME, [2, 0], true);
    advance(4_000);
    advance(1_000);
    fireEvent.click(button('Rematch'));
    expect(sent('rematch_request')).toEqual([{ room: ROOM }]);
    expect(screen.getByText(GAME_EN.over.rematchWaiting)).toBeTruthy();
    expect(button('Rematch').disabled).toBe(true);
    send('rematch_declined', { room: ROOM, reason: 'timeout' });
    expect(screen.getByTestId('rematch-declined').textContent).toBe(GAME_EN.over.rematchDeclined.timeout);
    send('rematch_offered', { room: ROOM, from: { id: OPPONENT, name: 'Bo' } });
    expect(screen.getByTestId('rematch-offer').textContent).toContain('Bo wants a rematch.');
    fireEvent.click(within(screen.getByTestId('rematch-offer')).getByRole('button', { name: 'Decline' }));
    expect(sent('rematch_answer')).toEqual([{ room: ROOM, accept: false }]);
    expect(screen.queryByTestId('rematch-offer')).toBeNull();
    send('rematch_offered', { room: ROOM, from: { id: OPPONENT, name: 'Bo' } });
    fireEvent.click(within(screen.getByTestId('rematch-offer')).getByRole('button', { name: 'Accept' }));
    expect(sent('rematch_answer').at(-1)).toEqual({ room: ROOM, accept: true });
    // An offer about another game is not this popup's.
    send('rematch_offered', { room: 'other-room', from: { id: 'user-9', name: 'Zed' } });
    expect(screen.queryByText('Zed wants a rematch.')).toBeNull();
    resetRematch();
  });

  it('the popup says what happened (issue 24): final score, ETH won with its USD, the new balance, round by round, verify', async () => {
    openGame();
    installFetch((request) => {
      if (request.url === `/api/games/${ROOM}`)
        return jsonResponse(200, {
          id: ROOM,
          status: 'finished',
          result: 'Victory',
          endReason: 'wins',
          forfeitedByYou: false,
          you: { name: 'Ada Player', character: 'Character2', score: 2 },
          opponent: { name: 'Bo', walletAddress: null, character: 'Character3', score: 0 },
          betUsd: 10,
          stakeEth: FOUND.stakeEth,
          payoutEth: '0.006666666666666668',
          startedAt: '2026-11-23T00:00:00.000Z',
          endedAt: '2026-11-23T00:01:00.000Z',
          rounds: [
            { round: 1, yourChoice: 'paper', opponentChoice: 'rock', outcome: 'won' },
            { round: 2, yourChoice: 'scissors', opponentChoice: 'paper', outcome: 'won' },
          ],
        });
      return backgroundReads(request) ?? jsonResponse(404, {});
    });
    result('paper', 'rock', ME, [1, 0]);
    advance(4_000);
    send('new_round', { round: 2, deadline: Date.now() + 10_000 });
    result('scissors', 'paper', ME, [2, 0], true);
    advance(4_000);
    advance(1_000);
    const dialog = screen.getByRole('dialog');
    // The spec's line stays.
    expect(dialog.textContent).toContain('You Win +10 USDT');
    expect(screen.getByTestId('popup-score').textContent).toBe('Final score 2–0');
    // The stake (0.003333… ETH, shown rounded down) is worth $10.00 at 3000 USD.
    await vi.waitFor(() => expect(screen.getByTestId('popup-eth').textContent).toBe('+0.003333 ETH ($10.00)'));
    await vi.waitFor(() => expect(screen.getByTestId('popup-balance').textContent).toBe('New balance: 1.5 ETH'));
    expect(within(dialog).getByRole('link', { name: GAME_EN.over.verify }).getAttribute('href')).toBe(`/verify?game=${ROOM}`);
    fireEvent.click(within(dialog).getByRole('button', { name: GAME_EN.over.roundByRound }));
    await vi.waitFor(() => expect(screen.getByTestId('round-by-round').textContent).toContain('Round 1: Paper vs Rock · won'));
    expect(screen.getByTestId('round-by-round').querySelectorAll('li')).toHaveLength(2);
  });

  it('game_dead opens the popup at once as a win, with the opponent-left line', () => {
    openGame();
    send('game_dead', { room: ROOM });
    const dialog = screen.getByRole('dialog');
    // Issue 24: no rematch after a game a player left.
    expect(screen.queryByRole('button', { name: 'Rematch' })).toBeNull();
    expect(dialog.textContent).toContain('You Win +10 USDT');
    expect(dialog.textContent).toContain('Your opponent has left the game?!');
    expect(GAME_EN.over.opponentLeft).toBe('Your opponent has left the game?!');
  });
});

describe('game screen: the live connection', () => {
  it('says "Reconnecting…" over the board while the connection is gone, and not once it is back (issue 14)', () => {
    openGame();
    expect(screen.queryByTestId('game-reconnecting')).toBeNull();
    act(() => server.socket.drop());
    expect(screen.getByTestId('game-reconnecting').textContent).toBe('Reconnecting…');
    act(() => server.socket.reconnect());
    expect(screen.queryByTestId('game-reconnecting')).toBeNull();
  });
});

describe('game screen: a game the server ended while the connection was away (issue 14)', () => {
  const ended = (overrides: Record<string, unknown>) => ({
    id: ROOM,
    status: 'finished',
    result: 'Defeat',
    endReason: 'forfeit-disconnect',
    forfeitedByYou: true,
    you: { name: 'Ada Player', character: 'Character2', score: 0 },
    opponent: { name: 'Bo', walletAddress: null, character: 'Character3', score: 0 },
    betUsd: 10,
    stakeEth: '0.003333333333333334',
    payoutEth: '0',
    startedAt: '2026-11-23T10:00:00.000Z',
    endedAt: '2026-11-23T10:00:30.000Z',
    rounds: [],
    ...overrides,
  });

  it('asks on return, closes the game and says the connection was lost for too long, once', async () => {
    const view = openGame();
    const { requests } = installFetch((request) =>
      request.url === `/api/games/${ROOM}` ? jsonResponse(200, ended({})) : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    act(() => server.socket.drop());
    expect(requests.some((request) => request.url === `/api/games/${ROOM}`)).toBe(false);
    act(() => server.socket.reconnect());
    expect(await screen.findByTestId('forfeit-notice')).toBeTruthy();
    expect(screen.getByTestId('forfeit-notice').textContent).toBe(TEXTS.forfeitConnectionLost('10 USDT'));
    expect(view.router.state.location.pathname).toBe('/');
    // Closed: nothing is sent for it any more (no leave_game on the way out).
    expect(sent('leave_game')).toEqual([]);
  });

  it('a game still running on return stays open: its state comes from the server', async () => {
    const view = openGame();
    const { requests } = installFetch((request) =>
      request.url === `/api/games/${ROOM}`
        ? jsonResponse(200, ended({ status: 'playing', result: null, endReason: null, endedAt: null }))
        : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    act(() => server.socket.drop());
    act(() => server.socket.reconnect());
    await vi.waitFor(() => expect(requests.some((request) => request.url === `/api/games/${ROOM}`)).toBe(true));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(view.router.state.location.pathname).toBe('/search-game');
    expect(screen.queryByTestId('forfeit-notice')).toBeNull();
  });
});

describe('game screen: leaving', () => {
  it('warns before a reload while the game runs, and not once it is over', () => {
    openGame();
    const running = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(running);
    expect(running.defaultPrevented).toBe(true);
    send('game_dead', { room: ROOM });
    const over = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(over);
    expect(over.defaultPrevented).toBe(false);
  });

  it('the page going away mid-game forfeits with leave_game', () => {
    openGame();
    window.dispatchEvent(new Event('pagehide'));
    expect(sent('leave_game')).toEqual([{ room: ROOM }]);
  });

  it('navigating away mid-game forfeits with leave_game', async () => {
    const { router } = openGame();
    await act(async () => {
      await router.navigate('/howtoplay');
    });
    advance(10);
    expect(sent('leave_game')).toEqual([{ room: ROOM }]);
  });
});

describe('game screen: reactions', () => {
  it('shows mine and theirs for 3 s: one character as an emoji, longer content as a text bubble, never as markup', () => {
    openGame();
    fireEvent.click(button('React 🔥'));
    expect(sent('send_reaction')).toEqual([{ room: ROOM, content: '🔥', kind: 'reaction' }]);
    // Issue 14: shown as sent once the server says so.
    expect(screen.queryByTestId('reaction-mine')).toBeNull();
    act(() => answerReactions({ ok: true }));
    expect(screen.getByTestId('reaction-mine').textContent).toBe('🔥');
    expect(screen.getByTestId('reaction-mine').getAttribute('data-kind')).toBe('emoji');
    advance(1_000);
    send('reaction_received', { content: '<b>well played</b>' });
    const theirs = screen.getByTestId('reaction-theirs');
    expect(theirs.textContent).toBe('<b>well played</b>');
    expect(theirs.querySelector('b')).toBeNull();
    expect(theirs.getAttribute('data-kind')).toBe('text');
    expect(theirs.className).not.toBe(screen.getByTestId('reaction-mine').className);
    advance(2_000);
    expect(screen.queryByTestId('reaction-mine')).toBeNull();
    expect(screen.getByTestId('reaction-theirs')).toBeTruthy();
    advance(1_000);
    expect(screen.queryByTestId('reaction-theirs')).toBeNull();
  });

  it('an emoji made of several code points still counts as one character', () => {
    openGame();
    send('reaction_received', { content: '👍🏽' });
    expect(screen.getByTestId('reaction-theirs').getAttribute('data-kind')).toBe('emoji');
  });

  it('sends a trimmed quick message; a blank one or one over 50 characters is not sent', () => {
    openGame();
    const box = screen.getByLabelText('Quick message');
    const form = box.closest('form')!;
    fireEvent.change(box, { target: { value: '    ' } });
    expect(button('Send').disabled).toBe(true);
    fireEvent.submit(form);
    fireEvent.change(box, { target: { value: 'x'.repeat(51) } });
    expect(button('Send').disabled).toBe(true);
    fireEvent.submit(form);
    expect(sent('send_reaction')).toEqual([]);
    fireEvent.change(box, { target: { value: ` ${'y'.repeat(50)} ` } });
    fireEvent.submit(form);
    fireEvent.change(box, { target: { value: ' gg ' } });
    fireEvent.submit(form);
    expect(sent('send_reaction')).toEqual([
      { room: ROOM, content: 'y'.repeat(50), kind: 'message' },
      { room: ROOM, content: 'gg', kind: 'message' },
    ]);
    // Issue 26: the box keeps the text until the server took it.
    expect((box as HTMLInputElement).value).toBe(' gg ');
    act(() => answerReactions({ ok: true }));
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('reaction-mine').textContent).toBe('gg');
  });

  it('a quick message the server refuses is not shown as sent, and the sender sees why (issue 14)', () => {
    openGame();
    fireEvent.click(button('React 🔥'));
    act(() => answerReactions({ ok: false, code: 'reaction_too_soon', message: 'You can send one reaction per second.' }));
    expect(screen.queryByTestId('reaction-mine')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Not sent: You can send one reaction per second.');
  });

  it('an emoji then a message within a second: the message keeps its text when refused, the note says why for a few seconds and goes (issue 26)', () => {
    openGame();
    fireEvent.click(button('React 🔥'));
    act(() => answerReactions({ ok: true }));
    advance(300);
    const box = screen.getByLabelText('Quick message') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'good luck' } });
    fireEvent.submit(box.closest('form')!);
    // Sent as a message, on its own budget (not the reaction's).
    expect(sent('send_reaction')).toEqual([
      { room: ROOM, content: '🔥', kind: 'reaction' },
      { room: ROOM, content: 'good luck', kind: 'message' },
    ]);
    // Refused (say the server found it too fast): nothing typed is lost, and the sender reads why.
    const [, , ack] = server.socket.sent.filter(([name]) => name === 'send_reaction')[1]!;
    act(() =>
      (ack as (answer: unknown) => void)({ ok: false, code: 'message_too_soon', message: 'One message per second, please.' }),
    );
    expect(box.value).toBe('good luck');
    expect(screen.getByRole('alert').textContent).toBe('Not sent: One message per second, please.');
    advance(3_000);
    expect(screen.getByRole('alert')).toBeTruthy();
    advance(1_100);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(box.value).toBe('good luck');
    // Sent again, it goes, and only then the box empties.
    fireEvent.submit(box.closest('form')!);
    const [, , retryAck] = server.socket.sent.filter(([name]) => name === 'send_reaction')[2]!;
    act(() => (retryAck as (answer: unknown) => void)({ ok: true }));
    expect(box.value).toBe('');
    expect(screen.getByTestId('reaction-mine').textContent).toBe('good luck');
  });

  it('a menu link asks "Leave and lose 10 USDT?": Stay keeps the game, Leave sends leave_game, navigates, and home says so once', () => {
    const stopIntercepting = interceptLeaving();
    try {
      const { router } = openGame();
      const howToPlay = () => screen.getAllByRole('link', { name: 'How to play ?' })[0] as HTMLElement;
      fireEvent.click(howToPlay());
      const confirm = screen.getByRole('alertdialog', { name: 'Leave and lose 10 USDT?' });
      fireEvent.click(within(confirm).getByRole('button', { name: 'Stay' }));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(router.state.location.pathname).toBe('/search-game');
      expect(sent('leave_game')).toEqual([]);

      fireEvent.click(howToPlay());
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
      expect(sent('leave_game')).toEqual([{ room: ROOM }]);
      expect(router.state.location.pathname).toBe('/howtoplay');
      advance(10);
      expect(sent('leave_game')).toEqual([{ room: ROOM }]);
      expect(screen.getByTestId('forfeit-notice').textContent).toBe('You left the game and lost 10 USDT');
    } finally {
      stopIntercepting();
    }
  });
});
