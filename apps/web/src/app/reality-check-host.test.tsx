import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { GameFoundEvent, ServerToClientEvents } from '@shifumi/protocol';
import { accountFixture, backgroundReads, installFetch, jsonResponse, limitsFixture } from '../test/fetch-mock';
import { renderApp, signInAs, testUser } from '../test/render-app';
import { connectAuthenticatedSocket, disconnectAuthenticatedSocket, loadRealtimeClient } from '../lib/socket';
import { resetMatchmaking, searchGame } from '../lib/matchmaking';
import { authenticatedServer } from '../test/fake-socket';

// Only the network is fake: the app's socket module runs for real on a fake socket.io-client.
vi.mock('socket.io-client', () => import('../test/fake-socket'));
beforeAll(() => loadRealtimeClient());

const START = new Date('2026-11-24T10:00:00.000Z');
const MINUTE = 60_000;
const opponent = { id: 'user-2', name: 'Bo', walletAddress: null };
const FOUND: GameFoundEvent = { room: 'room-1', opponentCharacter: 'Character3', opponent, amount: 10, stakeEth: '0.005' };

let server: ReturnType<typeof authenticatedServer>;

function send<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
  act(() => server.send(event, ...args));
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function realityCheck(): HTMLElement | null {
  return screen.queryByRole('alertdialog', { name: 'Reality check' });
}

/**
 * Signed in on the home page with a reality check every 15 minutes; in this
 * session a 10 USDT win and a 4 USDT loss (+6), and before it a 100 USDT win
 * that does not count.
 */
async function openHome() {
  signInAs('token-1');
  const account = accountFixture({
    gameHistory: [
      { date: '2026-11-24T10:03:00.000Z', result: 'Victory', oppUserId: opponent, amount: 10 },
      { date: '2026-11-24T10:07:00.000Z', result: 'Defeat', oppUserId: opponent, amount: 4 },
      { date: '2026-11-24T10:08:00.000Z', result: 'Draw', oppUserId: opponent, amount: 50 },
      { date: '2026-11-24T09:00:00.000Z', result: 'Victory', oppUserId: opponent, amount: 100 },
    ],
  });
  const { requests } = installFetch((request) =>
    request.method === 'GET' && request.url === '/api/account/limits'
      ? jsonResponse(200, { ...limitsFixture, realityCheckMinutes: 15 })
      : (backgroundReads(request, account) ?? jsonResponse(404, {})),
  );
  connectAuthenticatedSocket('token-1');
  server = authenticatedServer();
  const view = renderApp('/');
  await waitFor(() => expect(requests.some((request) => request.url === '/api/account/limits')).toBe(true));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  return view;
}

beforeEach(() => {
  window.sessionStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(START);
});
afterEach(() => {
  resetMatchmaking();
  disconnectAuthenticatedSocket();
  window.sessionStorage.clear();
});

describe('reality check', () => {
  it('appears after the interval chosen, with the time played and the net result of this session; Continue closes it until the next interval', async () => {
    await openHome();
    advance(14 * MINUTE);
    expect(realityCheck()).toBeNull();

    advance(1 * MINUTE + 5_000);
    const dialog = realityCheck();
    expect(dialog).not.toBeNull();
    expect(dialog?.textContent).toContain('You have been playing for 15 min in this session.');
    expect(dialog?.textContent).toContain('Your result in this session: up $6.');

    act(() => screen.getByRole('button', { name: 'Continue' }).click());
    expect(realityCheck()).toBeNull();
    advance(14 * MINUTE);
    expect(realityCheck()).toBeNull();
    advance(1 * MINUTE + 5_000);
    expect(realityCheck()?.textContent).toContain('You have been playing for 30 min in this session.');
  });

  it('waits for the end of the game being played', async () => {
    const { router } = await openHome();
    advance(10 * MINUTE);
    act(() => searchGame('Character2', 10));
    send('game_found', FOUND);
    expect(router.state.location.pathname).toBe('/search-game');
    send('new_round', { round: 1, deadline: Date.now() + 10 * MINUTE });

    advance(6 * MINUTE);
    expect(realityCheck()).toBeNull();

    send('game_result', {
      player1Id: opponent.id,
      player2Id: testUser.id,
      player1Choice: 'rock',
      player2Choice: 'paper',
      winnerId: testUser.id,
    });
    send('round_end', { scores: { [testUser.id]: 3, [opponent.id]: 0 }, gameOver: true, winnerId: testUser.id });
    advance(5_000);
    expect(realityCheck()?.textContent).toContain('You have been playing for 16 min in this session.');
  });

  it('steps aside when a game found by a running search starts while it is open, and comes back at its end', async () => {
    const { router } = await openHome();
    act(() => searchGame('Character2', 10));
    advance(15 * MINUTE + 5_000);
    expect(realityCheck()).not.toBeNull();

    send('game_found', FOUND);
    send('new_round', { round: 1, deadline: Date.now() + 10 * MINUTE });
    expect(router.state.location.pathname).toBe('/search-game');
    expect(realityCheck()).toBeNull();

    send('game_result', {
      player1Id: opponent.id,
      player2Id: testUser.id,
      player1Choice: 'rock',
      player2Choice: 'paper',
      winnerId: testUser.id,
    });
    send('round_end', { scores: { [testUser.id]: 3, [opponent.id]: 0 }, gameOver: true, winnerId: testUser.id });
    expect(realityCheck()).not.toBeNull();
  });

  it('Stop playing leaves the queue and opens the account page', async () => {
    const { router } = await openHome();
    act(() => searchGame('Character2', 10));
    advance(15 * MINUTE + 5_000);

    act(() => screen.getByRole('button', { name: 'Stop playing' }).click());
    expect(realityCheck()).toBeNull();
    expect(server.socket.sentPayloads('cancel_search')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  });
});
