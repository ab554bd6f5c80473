import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { accountFixture, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs } from '../../../test/render-app';

const GAME_ID = '6f1c2b1e-3d4a-4b5c-8d9e-0a1b2c3d4e5f';
const A = 'a0000000-0000-4000-8000-000000000001';
const B = 'b0000000-0000-4000-8000-000000000002';
const page = {
  game: { gameId: GAME_ID, status: 'finished', stakeWei: '1000', betUsd: 10, createdAt: '2026-11-23T09:59:00.000Z', endedAt: '2026-11-23T10:00:00.000Z', winnerId: A },
  players: [
    { userId: A, name: 'Ada' },
    { userId: B, name: 'Bob' },
  ],
  rounds: [
    { round: 1, winnerId: A, startedAt: '2026-11-23T09:59:01.000Z', deadline: '2026-11-23T09:59:11.000Z', plays: [{ userId: B, choice: 'rock', mode: 'plain', lockedAt: '2026-11-23T09:59:03.000Z' }, { userId: A, choice: 'paper', mode: 'sealed', lockedAt: '2026-11-23T09:59:02.000Z' }] },
    { round: 2, winnerId: 'draw', startedAt: '2026-11-23T09:59:12.000Z', deadline: '2026-11-23T09:59:22.000Z', plays: [{ userId: A, choice: 'rock', mode: 'plain', lockedAt: null }, { userId: B, choice: null, mode: 'unrevealed', lockedAt: '2026-11-23T09:59:13.000Z' }] },
  ],
  state: { round: 2 },
  transfers: [],
};

describe("the console's game page (issue 18)", () => {
  it('shows every round with each player\'s choice under their name, and the round\'s winner', async () => {
    signInAs();
    const account = accountFixture();
    installFetch((request) => {
      if (request.url === '/api/admin/me') return jsonResponse(200, { userId: 'staff-1', name: 'Staff', role: 'support' });
      if (request.url === `/api/admin/games/${GAME_ID}`) return jsonResponse(200, page);
      return backgroundReads(request, account) ?? jsonResponse(404, {});
    });
    renderApp(`/admin/games/${GAME_ID}`);
    const heading = await screen.findByRole('heading', { name: 'Rounds' });
    const table = heading.nextElementSibling as HTMLElement;
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
