import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SocketModule from '../../../lib/socket';
import { act, fireEvent, screen } from '@testing-library/react';
import { TEXTS } from '@shifumi/protocol';
import { dispatchServerEvent } from '../../../lib/game-events';
import { backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs, testUser } from '../../../test/render-app';
import { resetMatchmaking } from '../matchmaking';

vi.mock('../../../lib/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof SocketModule>()),
  emitToServer: vi.fn(() => true),
}));
const { emitToServer } = await import('../../../lib/socket');
const emitted = vi.mocked(emitToServer);

const ME = testUser.id;
const OPPONENT = 'user-2';
const ROOM = 'room-1';
const START = {
  room: ROOM,
  character: 'Character2',
  opponentCharacter: 'Character3',
  opponent: { id: OPPONENT, name: 'Bo', walletAddress: null },
  amount: 10,
  stakeEth: '0.005',
};

function server<E extends Parameters<typeof dispatchServerEvent>[0]>(event: E, payload: Parameters<typeof dispatchServerEvent<E>>[1]) {
  act(() => dispatchServerEvent(event, payload));
}

function openGame(now = Date.now()) {
  signInAs('token-1');
  installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
  const view = renderApp({ pathname: '/search-game', state: START });
  server('new_round', { round: 1, deadline: now + 10_000 });
  return view;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  emitted.mockClear();
});
afterEach(() => {
  resetMatchmaking();
});

describe('game screen', () => {
  it('sends a visitor without navigation state to /', () => {
    signInAs('token-1');
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    const { router } = renderApp('/search-game');
    expect(router.state.location.pathname).toBe('/');
  });

  it('counts down from the server deadline, locks the choice and says when the opponent has chosen', () => {
    openGame(Date.now() - 3_000);
    expect(screen.getByTestId('countdown').textContent).toBe('7');
    expect(screen.getByText('Bet $10 · 0.005 ETH')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Paper' }));
    expect(emitted).toHaveBeenCalledWith('make_choice', { room: ROOM, choice: 'paper' });
    for (const name of ['Rock', 'Paper', 'Scissors']) expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    server('opponent_choice_locked', { room: ROOM });
    expect(screen.getByText('Has chosen')).toBeTruthy();
  });

  it('plays rock by itself at 0', () => {
    openGame();
    act(() => {
      vi.advanceTimersByTime(10_200);
    });
    expect(emitted).toHaveBeenCalledWith('make_choice', { room: ROOM, choice: 'rock' });
  });

  it('shuffles for 4 s, then shows both choices, the result and the score; the popup comes 1 s later', () => {
    openGame();
    fireEvent.click(screen.getByRole('button', { name: 'Paper' }));
    server('game_result', { player1Id: ME, player2Id: OPPONENT, player1Choice: 'paper', player2Choice: 'rock', winnerId: ME });
    server('round_end', { scores: { [ME]: 2, [OPPONENT]: 1 }, gameOver: true, winnerId: ME });
    expect(screen.getByTestId('round-result').textContent).toBe('Revealing…');
    expect(screen.getByTestId('my-score').textContent).toBe('0');
    act(() => {
      vi.advanceTimersByTime(3_900);
    });
    expect(screen.queryByRole('img', { name: 'You played Paper' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByTestId('round-result').textContent).toBe('You Win');
    expect(screen.getByRole('img', { name: 'You played Paper' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Opponent played Rock' })).toBeTruthy();
    expect(screen.getByTestId('my-score').textContent).toBe('2');
    expect(screen.getByTestId('opponent-score').textContent).toBe('1');
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByRole('dialog').textContent).toContain('You Win +$10');

    fireEvent.click(screen.getByRole('button', { name: 'Play Again' }));
    expect(emitted).toHaveBeenCalledWith('search_game', { character: 'Character2', amount: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(emitted).toHaveBeenCalledWith('cancel_search');
  });

  it('a next round that starts before the reveal timer ends is not covered by the old result', () => {
    openGame();
    server('game_result', { player1Id: ME, player2Id: OPPONENT, player1Choice: 'rock', player2Choice: 'rock', winnerId: 'draw' });
    server('round_end', { scores: { [ME]: 0, [OPPONENT]: 0 }, gameOver: false });
    act(() => {
      vi.advanceTimersByTime(3_990);
    });
    server('new_round', { round: 2, deadline: Date.now() + 10_000 });
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByTestId('round-result').textContent).toBe('Make your choice');
    expect((screen.getByRole('button', { name: 'Rock' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a lost game says You Lose -amount; Go Home goes to /home', () => {
    const { router } = openGame();
    server('game_result', { player1Id: OPPONENT, player2Id: ME, player1Choice: 'scissors', player2Choice: 'paper', winnerId: OPPONENT });
    server('round_end', { scores: { [ME]: 0, [OPPONENT]: 2 }, gameOver: true, winnerId: OPPONENT });
    act(() => {
      vi.advanceTimersByTime(5_100);
    });
    expect(screen.getByTestId('round-result').textContent).toBe('You Lose');
    expect(screen.getByRole('dialog').textContent).toContain('You Lose -$10');
    fireEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(router.state.location.pathname).toBe('/home');
  });

  it('game_dead opens the popup as a win with the opponent-left line', () => {
    openGame();
    server('game_dead', { room: ROOM });
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('You Win +$10');
    expect(dialog.textContent).toContain(TEXTS.opponentLeft);
  });

  it('leaving the screen mid-game forfeits with leave_game', async () => {
    const { router } = openGame();
    await act(async () => {
      await router.navigate('/howtoplay');
    });
    act(() => {
      vi.advanceTimersByTime(10);
    });
    expect(emitted).toHaveBeenCalledWith('leave_game', { room: ROOM });
  });

  it('reactions: mine and theirs show for 3 s, one character as an emoji, text as a bubble; blank and long messages are not sent', () => {
    openGame();
    fireEvent.click(screen.getByRole('button', { name: 'React 🔥' }));
    expect(emitted).toHaveBeenCalledWith('send_reaction', { room: ROOM, content: '🔥' });
    expect(screen.getByTestId('reaction-mine').textContent).toBe('🔥');
    server('reaction_received', { content: '<b>well played</b>' });
    const theirs = screen.getByTestId('reaction-theirs');
    expect(theirs.textContent).toBe('<b>well played</b>');
    expect(theirs.querySelector('b')).toBeNull();
    expect(theirs.className).not.toBe(screen.getByTestId('reaction-mine').className);
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(screen.queryByTestId('reaction-mine')).toBeNull();
    expect(screen.queryByTestId('reaction-theirs')).toBeNull();

    emitted.mockClear();
    const box = screen.getByLabelText('Quick message');
    fireEvent.change(box, { target: { value: '    ' } });
    fireEvent.submit(box.closest('form')!);
    fireEvent.change(box, { target: { value: 'x'.repeat(51) } });
    fireEvent.submit(box.closest('form')!);
    expect(emitted).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: ' gg ' } });
    fireEvent.submit(box.closest('form')!);
    expect(emitted).toHaveBeenCalledWith('send_reaction', { room: ROOM, content: 'gg' });
  });
});
