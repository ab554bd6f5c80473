import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { TransactionFeedItem } from '@shifumi/protocol';
import { backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { connectPublicSocket, loadRealtimeClient } from '../../../lib/socket';
import { publicServer } from '../../../test/fake-socket';

// Only the network is fake: the app's socket module runs for real on a fake socket.io-client.
vi.mock('socket.io-client', () => import('../../../test/fake-socket'));
// socket.io-client is fetched on first use: load the fake one before any test opens a socket.
beforeAll(() => loadRealtimeClient());

/** The home page, anonymous, with GET /api/transactions answering `transactions`. */
async function openHome(transactions: unknown) {
  installFetch((request) =>
    request.url === '/api/transactions' ? jsonResponse(200, transactions) : (backgroundReads(request) ?? jsonResponse(404, {})),
  );
  renderApp('/');
}

describe('recent transactions', () => {
  const item = (index: number, overrides: Partial<TransactionFeedItem> = {}): TransactionFeedItem => ({
    game: `game-${index}`,
    player1: 'Ann',
    player2: 'Bo',
    winner: index % 2 ? 'Ann' : 'draw',
    amount: 5,
    date: `2026-11-22T10:${String(59 - index).padStart(2, '0')}:00.000Z`,
    ...overrides,
  });

  function rows() {
    return within(screen.getByRole('table', { name: 'Recent Transactions' }))
      .getAllByRole('row')
      .slice(1);
  }

  /** The texts of each row's cells: Game, Players, Game Amount. */
  function table(): string[][] {
    return rows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent ?? ''),
    );
  }

  it('shows the first 7, newest first, de-duplicated, with the game, the players and the amount in $', async () => {
    // Newest first, as the server sends them, with an exact duplicate.
    const items = [item(1), item(1), item(2), item(3), item(4), item(5), item(6), item(7), item(8)];
    await openHome(items);
    await waitFor(() => expect(rows()).toHaveLength(7));
    expect(table().map(([game]) => game)).toEqual(['#game-1', '#game-2', '#game-3', '#game-4', '#game-5', '#game-6', '#game-7']);
    expect(table()[0]).toEqual(['#game-1', 'Ann (winner) vs Bo', '5 USDT']);
    expect(table()[1]).toEqual(['#game-2', 'Ann vs Bo · draw', '5 USDT']);
  });

  it('shows when each game ended, relative, with the full date on hover, and keeps long names on one line (issue 14)', async () => {
    const date = new Date(Date.now() - 2 * 60_000 - 5_000).toISOString();
    await openHome([item(1, { date, player1: 'A very long player name indeed' })]);
    const time = await screen.findByText('2 min ago');
    expect(time.getAttribute('title')).toBe(new Date(date).toLocaleString());
    expect(time.getAttribute('datetime')).toBe(date);
    expect(within(rows()[0]!).getAllByRole('cell')[1]!.getAttribute('title')).toBe('A very long player name indeed vs Bo');
  });

  it('keeps items that differ in any field, and adds live games from the public socket at the top, once', async () => {
    const items = [item(1), item(1, { amount: 10 }), item(2)];
    await openHome(items);
    await waitFor(() => expect(rows()).toHaveLength(3));
    connectPublicSocket();
    const live = item(0, { game: 'game-new', winner: 'Bo', amount: 100 });
    act(() => publicServer().send('new_transaction', live));
    act(() => publicServer().send('new_transaction', live));
    await waitFor(() => expect(table()[0]).toEqual(['#game-new', 'Ann vs Bo (winner)', '100 USDT']));
    expect(rows()).toHaveLength(4);
  });

  it('leaves out a malformed item and only logs a failed load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await openHome([item(1), { game: 'broken' }]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(warn).toHaveBeenCalled();
  });

  it('a failed load shows an empty table and is logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    installFetch((request) =>
      request.url === '/api/transactions' ? jsonResponse(500, {}) : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    renderApp('/');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Could not load the recent transactions', expect.anything()));
    expect(screen.getByText('No games yet')).toBeTruthy();
  });
});
