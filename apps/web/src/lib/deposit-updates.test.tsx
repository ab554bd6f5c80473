import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { TEXTS, type DepositUpdateEvent } from '@shifumi/protocol';
import { backgroundReads, installFetch, jsonResponse } from '../test/fetch-mock';
import { renderApp, signInAs } from '../test/render-app';
import { DEPOSIT_WINDOW_EVENT, depositUpdateText, handleDepositUpdate } from './deposit-updates';

const seen: DepositUpdateEvent = {
  id: 'd-1',
  txHash: `0x${'ab'.repeat(32)}`,
  amount: '0.1234567891',
  confirmations: 1,
  requiredConfirmations: 3,
  status: 'pending',
};

describe('deposit updates (issue 14)', () => {
  it('words each step with the amount at 6 decimals and k/N', () => {
    expect(depositUpdateText(seen)).toBe(TEXTS.depositSeen('0.123456', 1, 3));
    expect(depositUpdateText(seen)).toBe('Deposit of 0.123456 ETH seen on chain: 1/3 confirmations');
    expect(depositUpdateText({ ...seen, confirmations: 3, status: 'credited' })).toBe(
      'Deposit of 0.123456 ETH credited to your balance.',
    );
  });

  it('shows one toast on any page that counts the confirmations, then says credited', async () => {
    signInAs();
    const fetched = installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    renderApp('/howtoplay');
    const told: DepositUpdateEvent[] = [];
    const listener = (event: Event) => told.push((event as CustomEvent<DepositUpdateEvent>).detail);
    window.addEventListener(DEPOSIT_WINDOW_EVENT, listener);

    act(() => handleDepositUpdate(seen));
    expect(await screen.findByText('Deposit of 0.123456 ETH seen on chain: 1/3 confirmations')).toBeTruthy();
    act(() => handleDepositUpdate({ ...seen, confirmations: 2 }));
    expect(await screen.findByText('Deposit of 0.123456 ETH seen on chain: 2/3 confirmations')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/1\/3 confirmations/)).toBeNull());
    act(() => handleDepositUpdate({ ...seen, confirmations: 3, status: 'credited' }));
    expect(await screen.findByText('Deposit of 0.123456 ETH credited to your balance.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/confirmations$/)).toBeNull());
    expect(told.map((update) => update.status)).toEqual(['pending', 'pending', 'credited']);
    // The account (and its deposit rows) is read again on each.
    await waitFor(() =>
      expect(fetched.requests.filter((request) => request.url === '/api/account').length).toBeGreaterThanOrEqual(2),
    );
    window.removeEventListener(DEPOSIT_WINDOW_EVENT, listener);
  });
});
