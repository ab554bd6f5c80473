import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SocketModule from '../../../lib/socket';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEXTS, WINDOW_EVENTS } from '@shifumi/protocol';
import { dispatchServerEvent } from '../../../lib/game-events';
import { accountFixture, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs } from '../../../test/render-app';
import { resetMatchmaking } from '../../game/matchmaking';

vi.mock('../../../lib/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof SocketModule>()),
  emitToServer: vi.fn(() => true),
}));
const { emitToServer } = await import('../../../lib/socket');
const emitted = vi.mocked(emitToServer);

async function openHome(account = accountFixture(), transactions: unknown[] = []) {
  signInAs('token-1');
  installFetch((request) =>
    request.url === '/api/transactions' ? jsonResponse(200, transactions) : (backgroundReads(request, account) ?? jsonResponse(404, {})),
  );
  const view = renderApp('/');
  await waitFor(() => expect(screen.getByTestId('balance-value').textContent).not.toBe('—'));
  return view;
}

beforeEach(() => emitted.mockClear());
afterEach(() => resetMatchmaking());

describe('play panel', () => {
  it('searches with the character and amount, becomes Cancel, and cancels', async () => {
    await openHome();
    fireEvent.change(screen.getByLabelText('Bet amount'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play Now' }));
    expect(emitted).toHaveBeenCalledWith('search_game', { character: 'Character1', amount: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(emitted).toHaveBeenCalledWith('cancel_search');
    expect(screen.getByRole('button', { name: 'Play Now' })).toBeTruthy();
  });

  it('refuses a bet the balance does not cover at the live price, with the ETH needed (6 decimals)', async () => {
    // 0.01 ETH at 3000 USD covers 30 USD, not 50 (50 / 3000 = 0.016667 ETH, rounded up).
    await openHome(accountFixture({ balance: 0.01, balanceWei: '10000000000000000' }));
    fireEvent.change(screen.getByLabelText('Bet amount'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play Now' }));
    expect(screen.getByRole('alert').textContent).toBe(TEXTS.insufficientBalance('0.016667'));
    expect(emitted).not.toHaveBeenCalled();
  });

  it('shows a server error under the amount selector and returns to idle', async () => {
    await openHome();
    fireEvent.change(screen.getByLabelText('Bet amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play Now' }));
    act(() => dispatchServerEvent('error', { message: 'You are already in a game.' }));
    expect(screen.getByRole('alert').textContent).toBe('You are already in a game.');
    expect(screen.getByRole('button', { name: 'Play Now' })).toBeTruthy();
  });

  it('opens the game screen when a game is found', async () => {
    const { router } = await openHome();
    fireEvent.change(screen.getByLabelText('Bet amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play Now' }));
    act(() =>
      dispatchServerEvent('game_found', { room: 'r1', opponentCharacter: 'Character4', opponent: { id: 'u2', name: 'Bo', walletAddress: null }, amount: 5, stakeEth: '0.0025' }),
    );
    expect(router.state.location.pathname).toBe('/search-game');
    expect(router.state.location.state).toMatchObject({ room: 'r1', character: 'Character1', opponentCharacter: 'Character4', amount: 5 });
  });
});

describe('recent transactions', () => {
  const item = (index: number) => ({ game: `game-${index}`, player1: 'Ann', player2: 'Bo', winner: index % 2 ? 'Ann' : 'draw', amount: 5, date: `2026-11-2${index % 10}T10:00:00.000Z` });

  it('shows the first 7, de-duplicated, and adds live games at the top', async () => {
    const items = [item(1), item(1), item(2), item(3), item(4), item(5), item(6), item(7), item(8)];
    await openHome(accountFixture(), items);
    const table = screen.getByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(8)); // header + 7
    expect(within(table).getAllByText('#game-1')).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new CustomEvent(WINDOW_EVENTS.transaction, { detail: { ...item(9), game: 'game-new' } }));
    });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]!.textContent).toContain('#game-new'));
    expect(within(table).getAllByRole('row')).toHaveLength(8);
  });
});
