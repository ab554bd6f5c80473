import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { PRICE_POLL_MS } from '@shifumi/protocol';
import { BALANCE_WINDOW_EVENT } from '../../../lib/socket';
import {
  accountFixture,
  backgroundReads,
  installFetch,
  jsonResponse,
  priceFixture,
  type FetchHandler,
} from '../../../test/fetch-mock';
import { renderApp, signInAs } from '../../../test/render-app';

/** Signs in, answers the background reads (with `price` for GET /api/price) and waits for the ETH balance. */
async function openHome(options: { account?: ReturnType<typeof accountFixture>; price?: unknown; handler?: FetchHandler } = {}) {
  signInAs('token-1');
  const account = options.account ?? accountFixture();
  const fetched = installFetch(
    options.handler ??
      ((request) =>
        request.url === '/api/price' && options.price !== undefined
          ? jsonResponse(200, options.price)
          : (backgroundReads(request, account) ?? jsonResponse(404, {}))),
  );
  const view = renderApp('/');
  await waitFor(() => expect(screen.getByTestId('balance-value').textContent).not.toBe('—'));
  return { ...view, ...fetched };
}

describe('balance box', () => {
  it('shows a neutral placeholder, not a button, when signed out', () => {
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    renderApp('/');
    expect(screen.getByText('Balance').nextSibling?.textContent).toBe('—');
    expect(screen.queryByRole('button', { name: /^Balance/ })).toBeNull();
  });

  it('toggles between ETH and USD on click, from the price of the server', async () => {
    const { user } = await openHome();
    expect(screen.getByTestId('balance-value').textContent).toBe('1.5 ETH');
    // 1.5 ETH × $3000
    await user.click(screen.getByRole('button', { name: 'Balance 1.5 ETH Show in USD' }));
    expect(screen.getByTestId('balance-value').textContent).toBe('$4,500.00');
    await user.click(screen.getByRole('button', { name: 'Balance $4,500.00 Show in ETH' }));
    expect(screen.getByTestId('balance-value').textContent).toBe('1.5 ETH');
  });

  it('shares one remembered ETH/USD preference with the navigation bar (issue 26)', async () => {
    const { user } = await openHome();
    await waitFor(() => expect(screen.getByTestId('nav-balance-value').textContent).toBe('1.5 ETH'));
    await user.click(screen.getByRole('button', { name: 'Balance 1.5 ETH Show in USD' }));
    expect(screen.getByTestId('nav-balance-value').textContent).toBe('$4,500.00');
    expect(window.localStorage.getItem('shifumi.balanceCurrency')).toBe('USD');
    await user.click(screen.getByRole('button', { name: 'Balance $4,500.00, show in ETH' }));
    expect(screen.getByTestId('balance-value').textContent).toBe('1.5 ETH');
    expect(window.localStorage.getItem('shifumi.balanceCurrency')).toBeNull();
  });

  it('is a keyboard button: Enter toggles it', async () => {
    const { user } = await openHome();
    screen.getByRole('button', { name: 'Balance 1.5 ETH Show in USD' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('balance-value').textContent).toBe('$4,500.00');
  });

  it('rounds dollars down to the cent, never up', async () => {
    // 0.333333333333333333 ETH × $3000 = $999.999999999999999: nearest would say $1000.00.
    const { user } = await openHome({ account: accountFixture({ balance: 0.333333, balanceWei: '333333333333333333' }) });
    await user.click(screen.getByRole('button', { name: /^Balance .*Show in (USD|ETH)$/ }));
    expect(screen.getByTestId('balance-value').textContent).toBe('$999.99');
  });

  it('labels dollars computed from a development price', async () => {
    const { user } = await openHome({ price: { ...priceFixture, source: 'development' } });
    expect(screen.queryByText('development price')).toBeNull(); // ETH is not a price conversion
    await user.click(screen.getByRole('button', { name: /^Balance .*Show in (USD|ETH)$/ }));
    expect(screen.getByTestId('balance-value').textContent).toBe('$4,500.00');
    expect(screen.getByText('development price')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Balance $4,500.00 development price Show in ETH' })).toBeTruthy();
  });

  it('shows no dollars from a stale price', async () => {
    const { user } = await openHome({ price: { ...priceFixture, stale: true } });
    await user.click(screen.getByRole('button', { name: /^Balance .*Show in (USD|ETH)$/ }));
    expect(screen.getByTestId('balance-value').textContent).toBe('Price unavailable');
  });

  it('logs a failure to load the price and shows no dollars', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openHome({
      handler: (request) =>
        request.url === '/api/price' ? jsonResponse(500, {}) : (backgroundReads(request) ?? jsonResponse(404, {})),
    });
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Could not load the ETH price', expect.anything()));
    await user.click(screen.getByRole('button', { name: /^Balance .*Show in (USD|ETH)$/ }));
    expect(screen.getByTestId('balance-value').textContent).toBe('Price unavailable');
  });

  it('asks the server for the price again every 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = await openHome();
    const priceReads = () => requests.filter((request) => request.url === '/api/price').length;
    await waitFor(() => expect(priceReads()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(PRICE_POLL_MS - 1_000));
    expect(priceReads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(priceReads()).toBe(2));
  });

  it('updates at once when the realtime connection reports a new balance', async () => {
    let accountReads = 0;
    // The first read answers; the refetch the event triggers never does, so only the event can change the figure.
    await openHome({
      handler: (request) => {
        if (request.url === '/api/account' && ++accountReads > 1) return new Promise<Response>(() => {});
        return backgroundReads(request) ?? jsonResponse(404, {});
      },
    });
    expect(screen.getByTestId('balance-value').textContent).toBe('1.5 ETH');
    act(() => {
      window.dispatchEvent(new CustomEvent(BALANCE_WINDOW_EVENT, { detail: { balance: 2, balanceWei: '2000000000000000000' } }));
    });
    await waitFor(() => expect(screen.getByTestId('balance-value').textContent).toBe('2 ETH'));
    // …and the account is read again, for the deposits and withdrawals that changed with it.
    expect(accountReads).toBe(2);
  });
});
