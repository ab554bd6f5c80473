import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { BALANCE_WINDOW_EVENT } from '../lib/socket';
import { backgroundReads, installFetch, jsonResponse } from '../test/fetch-mock';
import { renderApp, signInAs } from '../test/render-app';

describe('balance in the navigation bar (issue 14)', () => {
  it('is not shown to a visitor', () => {
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    renderApp('/contact');
    expect(screen.queryByTestId('nav-balance-value')).toBeNull();
  });

  it('shows on every page, toggles ETH / USD, and follows the balance event', async () => {
    signInAs();
    let accountReads = 0;
    installFetch((request) =>
      // After the first read, the account is never answered again: only the balance event can change the figure.
      request.url === '/api/account' && ++accountReads > 1
        ? new Promise<Response>(() => {})
        : (backgroundReads(request) ?? jsonResponse(404, {})),
    );
    const { user } = renderApp('/contact');
    await waitFor(() => expect(screen.getByTestId('nav-balance-value').textContent).toBe('1.5 ETH'));

    await user.click(screen.getByRole('button', { name: 'Balance 1.5 ETH, show in USD' }));
    expect(screen.getByTestId('nav-balance-value').textContent).toBe('$4,500.00');
    await user.click(screen.getByRole('button', { name: /^Balance \$4,500\.00, show in ETH$/ }));
    expect(screen.getByTestId('nav-balance-value').textContent).toBe('1.5 ETH');

    act(() => {
      window.dispatchEvent(
        new CustomEvent(BALANCE_WINDOW_EVENT, { detail: { balance: 2.25, balanceWei: '2250000000000000000' } }),
      );
    });
    await waitFor(() => expect(screen.getByTestId('nav-balance-value').textContent).toBe('2.25 ETH'));
  });
});
