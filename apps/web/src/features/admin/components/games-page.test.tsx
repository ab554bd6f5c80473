import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { accountFixture, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs } from '../../../test/render-app';

const GAME_ID = '6f1c2b1e-3d4a-4b5c-8d9e-0a1b2c3d4e5f';
const A = 'a0000000-0000-4000-8000-000000000001';
const B = 'b0000000-0000-4000-8000-000000000002';
const page = {
  game: {
    gameId: GAME_ID,
    status: 'finished',
    stakeWei: '1000',
    betUsd: 10,
    createdAt: '2026-11-23T09:59:00.000Z',
    endedAt: '2026-11-23T10:00:00.000Z',
    winnerId: A,
  },
  players: [
    { userId: A, name: 'Ada' },
    { userId: B, name: 'Bob' },
  ],
  rounds: [
    {
      round: 1,
      winnerId: A,
      startedAt: '2026-11-23T09:59:01.000Z',
      deadline: '2026-11-23T09:59:11.000Z',
      plays: [
        { userId: B, choice: 'rock', mode: 'plain', lockedAt: '2026-11-23T09:59:03.000Z' },
        { userId: A, choice: 'paper', mode: 'sealed', lockedAt: '2026-11-23T09:59:02.000Z' },
      ],
    },
    {
      round: 2,
      winnerId: 'draw',
      startedAt: '2026-11-23T09:59:12.000Z',
      deadline: '2026-11-23T09:59:22.000Z',
      plays: [
        { userId: A, choice: 'rock', mode: 'plain', lockedAt: null },
        { userId: B, choice: null, mode: 'unrevealed', lockedAt: '2026-11-23T09:59:13.000Z' },
      ],
    },
  ],
  state: { round: 2 },
  transfers: [],
};

describe("the console's game page (issue 18)", () => {
  it("shows every round with each player's choice under their name, and the round's winner", async () => {
    signInAs();
    const account = accountFixture();
    installFetch((request) => {
      if (request.url === '/api/admin/me') return jsonResponse(200, { userId: 'staff-1', name: 'Staff', role: 'support' });
      if (request.url === `/api/admin/games/${GAME_ID}`) return jsonResponse(200, page);
      return backgroundReads(request, account) ?? jsonResponse(404, {});
    });
    renderApp(`/admin/games/${GAME_ID}`);
    const heading = await screen.findByRole('heading', { name: 'Rounds' });
    // Issue 26: the table sits in its own scrolling box.
    const table = within(heading.nextElementSibling as HTMLElement).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows[0]).toEqual(['Round', 'Started', 'Deadline', 'Ada', 'Bob', 'Winner']);
    expect(rows[1]![0]).toBe('1');
    expect(rows[1]![3]).toMatch(/^paper \(sealed\)locked /);
    expect(rows[1]![4]).toMatch(/^rock \(plain\)locked /);
    expect(rows[1]![5]).toBe('Ada');
    expect(rows[2]![3]).toBe('rock (plain)not locked');
    expect(rows[2]![4]).toMatch(/^— \(unrevealed\)locked /);
    expect(rows[2]![5]).toBe('draw');
    expect(screen.getByRole('button', { name: 'Show the signed transcript' })).toBeTruthy();
  });
});

const C = 'c0000000-0000-4000-8000-000000000003';
const listed = (overrides: Record<string, unknown>) => ({ ...page.game, players: page.players, ...overrides });

function serveConsole(routes: Record<string, unknown>) {
  signInAs();
  const account = accountFixture();
  installFetch((request) => {
    if (request.url === '/api/admin/me') return jsonResponse(200, { userId: 'staff-1', name: 'Staff', role: 'support' });
    if (request.url in routes) return jsonResponse(200, routes[request.url]);
    return backgroundReads(request, account) ?? jsonResponse(404, {});
  });
}

describe("the console's games list and flags (issue 26)", () => {
  it('lists each game with its time, both players (links), the stake and the result', async () => {
    serveConsole({
      '/api/admin/games': {
        games: [
          listed({}),
          listed({ gameId: C, status: 'refunded', winnerId: null }),
          listed({ gameId: B, status: 'playing', winnerId: null, endedAt: null }),
        ],
      },
    });
    renderApp('/admin/games');
    const table = await screen.findByRole('table');
    expect(screen.getByRole('region', { name: 'Games' }).contains(table)).toBe(true);
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows[0]).toEqual(['Time', 'Players', 'Stake', 'Result']);
    expect(rows[1]![1]).toBe('Ada vs Bob');
    expect(rows[1]![2]).toMatch(/^10 USDT.* ETH each$/);
    expect(rows.slice(1).map((row) => row[3])).toEqual(['Ada won', 'Refunded (no winner)', 'In play']);
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(within(firstRow).getByRole('link', { name: 'Ada' }).getAttribute('href')).toBe(`/admin/players/${A}`);
    expect(within(firstRow).getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe(`/admin/players/${B}`);
    expect(within(firstRow).getAllByRole('link')[0]!.getAttribute('href')).toBe(`/admin/games/${GAME_ID}`);
  });

  it('shows a flag with its rule in words and its evidence as tables (amounts in ETH, games with players and links), no JSON', async () => {
    const flag = (overrides: Record<string, unknown>) => ({
      id: '9f000000-0000-4000-8000-000000000009',
      userId: A,
      userName: 'Ada',
      otherUserId: B,
      otherUserName: 'Bob',
      userRole: null,
      otherUserRole: null,
      status: 'open',
      note: null,
      resolvedBy: null,
      createdAt: '2026-11-23T10:05:00.000Z',
      ...overrides,
    });
    serveConsole({
      '/api/admin/flags?status=open': {
        flags: [
          flag({ rule: 'round_streak', evidence: { rounds: 9, games: [GAME_ID] }, games: [listed({})] }),
          flag({
            id: '9f000000-0000-4000-8000-00000000000a',
            rule: 'winnings_concentration',
            evidence: { games: 12, netWinningsWei: '2000000000000000000', fromOpponentWei: '1500000000000000000' },
          }),
        ],
      },
    });
    renderApp('/admin/flags');
    const streak = (
      await screen.findByRole('heading', { name: 'Won 8 or more rounds in a row against the same opponent, without a draw' })
    ).closest('li')!;
    expect(within(streak).getByRole('rowheader', { name: 'Rounds won in a row' }).nextElementSibling?.textContent).toBe('9');
    const games = within(streak).getByRole('region', { name: /^Games of the flag/ });
    expect(within(games).getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe(`/admin/players/${B}`);
    expect(within(games).getAllByRole('link')[0]!.getAttribute('href')).toBe(`/admin/games/${GAME_ID}`);
    expect(within(games).getByText('Ada won')).toBeTruthy();
    const concentration = screen
      .getByRole('heading', { name: /more than half of the net winnings came from one opponent/ })
      .closest('li')!;
    expect(within(concentration).getByRole('rowheader', { name: 'Net winnings' }).nextElementSibling?.textContent).toMatch(
      /^2(\.0+)? ETH$/,
    );
    expect(
      within(concentration).getByRole('rowheader', { name: 'Of which from this opponent' }).nextElementSibling?.textContent,
    ).toMatch(/^1\.5 ETH$/);
    expect(document.querySelector('pre')).toBeNull();
    expect(document.body.textContent).not.toContain('netWinningsWei');
  });
});
