import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { setRealtimeStatus } from '../../../lib/realtime-status';
import { accountFixture, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs } from '../../../test/render-app';

afterEach(() => setRealtimeStatus('authenticated', 'offline'));

describe('the live balance', () => {
  it('reads the account again each time the signed-in connection becomes live, so a deposit credited while none listened shows', async () => {
    signInAs();
    // The first read is the page's, before the deposit was credited; the connection joins its room after the credit.
    let credited = false;
    let accountReads = 0;
    installFetch((request) => {
      if (request.url === '/api/account' && request.method === 'GET') {
        accountReads += 1;
        return jsonResponse(
          200,
          accountFixture(credited ? { balance: 0.05, balanceWei: '50000000000000000' } : { balance: 0, balanceWei: '0' }),
        );
      }
      return backgroundReads(request) ?? jsonResponse(404, {});
    });
    renderApp('/contact');
    await waitFor(() => expect(screen.getByTestId('nav-balance-value').textContent).toBe('0 ETH'));
    credited = true;
    const readsBefore = accountReads;

    act(() => setRealtimeStatus('authenticated', 'live'));
    await waitFor(() => expect(screen.getByTestId('nav-balance-value').textContent).toBe('0.05 ETH'));
    expect(accountReads).toBe(readsBefore + 1);

    // Staying live reads nothing more; a reconnection reads again.
    act(() => setRealtimeStatus('authenticated', 'live'));
    act(() => setRealtimeStatus('authenticated', 'reconnecting'));
    expect(accountReads).toBe(readsBefore + 1);
    act(() => setRealtimeStatus('authenticated', 'live'));
    await waitFor(() => expect(accountReads).toBe(readsBefore + 2));
  });
});
