import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { accountFixture, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs } from '../../../test/render-app';

const GAME_ID = '6f1c2b1e-3d4a-4b5c-8d9e-0a1b2c3d4e5f';
const account = accountFixture({
  gameHistory: [
    {
      id: GAME_ID,
      date: '2026-11-23T10:00:00.000Z',
      result: 'Victory',
      oppUserId: { id: 'u-2', name: 'Bob', walletAddress: '0xabcdef0000000000000000000000000000000000' },
      amount: 10,
    },
    // A history item from before ids: no detail to open.
    {
      date: '2026-11-22T10:00:00.000Z',
      result: 'Defeat',
      oppUserId: { id: 'u-3', name: 'Carol', walletAddress: null },
      amount: 5,
    },
  ],
});
const detail = {
  id: GAME_ID,
  status: 'finished',
  result: 'Victory',
  endReason: 'wins',
  forfeitedByYou: false,
  you: { name: 'Ada Player', character: 'Character2', score: 2 },
  opponent: { name: 'Bob', walletAddress: '0xabcdef0000000000000000000000000000000000', character: 'Character3', score: 0 },
  betUsd: 10,
  stakeEth: '0.003333333333333334',
  payoutEth: '0.006666666666666668',
  startedAt: '2026-11-23T09:59:00.000Z',
  endedAt: '2026-11-23T10:00:00.000Z',
  rounds: [
    { round: 1, yourChoice: 'paper', opponentChoice: 'rock', outcome: 'won' },
    { round: 2, yourChoice: 'rock', opponentChoice: 'rock', outcome: 'draw' },
    { round: 3, yourChoice: 'scissors', opponentChoice: 'paper', outcome: 'won' },
  ],
};

describe('game detail from the account history (issue 14)', () => {
  it('opens a game round by round: both choices, each outcome, the stake and the payout', async () => {
    signInAs();
    const { requests } = installFetch((request) =>
      request.url === `/api/games/${GAME_ID}`
        ? jsonResponse(200, detail)
        : (backgroundReads(request, account) ?? jsonResponse(404, {})),
    );
    const { user } = renderApp('/account');
    const open = await screen.findByRole('button', { name: /^Round by round: Victory against 0xabc/ });
    // Only items with an id open a detail.
    expect(screen.getAllByRole('button', { name: /^Round by round/ })).toHaveLength(1);
    await user.click(open);

    const dialog = await screen.findByRole('dialog', { name: 'Game against Bob' });
    expect(requests.some((request) => request.url === `/api/games/${GAME_ID}`)).toBe(true);
    expect(within(dialog).getByTestId('game-detail-result').textContent).toBe('Victory');
    // ETH at 6 decimals at most.
    expect(within(dialog).getByText('10 USDT · stake 0.003333 ETH')).toBeTruthy();
    expect(within(dialog).getByTestId('game-detail-payout').textContent).toBe('0.006666 ETH');
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['1', 'Paper', 'Rock', 'Won'],
      ['2', 'Rock', 'Rock', 'Draw'],
      ['3', 'Scissors', 'Paper', 'Won'],
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when the game cannot be read', async () => {
    signInAs();
    installFetch((request) =>
      request.url === `/api/games/${GAME_ID}`
        ? jsonResponse(404, { message: 'Not found.' })
        : (backgroundReads(request, account) ?? jsonResponse(404, {})),
    );
    const { user } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: /^Round by round/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
  });
});
