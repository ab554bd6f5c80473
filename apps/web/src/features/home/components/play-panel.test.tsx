import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { TEXTS, type ServerToClientEvents } from '@shifumi/protocol';
import { HOME_EN } from '@shifumi/protocol/catalogue/en/home';
import { accountFixture, backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs } from '../../../test/render-app';
import { connectAuthenticatedSocket, disconnectAuthenticatedSocket, loadRealtimeClient } from '../../../lib/socket';
import { resetMatchmaking } from '../../../lib/matchmaking';
import { authenticatedServer } from '../../../test/fake-socket';

// Only the network is fake: the app's socket module runs for real on a fake socket.io-client.
vi.mock('socket.io-client', () => import('../../../test/fake-socket'));
// socket.io-client is fetched on first use: load the fake one before any test opens a socket.
beforeAll(() => loadRealtimeClient());

let server: ReturnType<typeof authenticatedServer>;

/** The server sends `event` to this player. */
function send<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
  act(() => server.send(event, ...args));
}

function sent(event: string): unknown[] {
  return server.socket.sentPayloads(event);
}

function button(name: string): HTMLButtonElement {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

/** Signed in on the home page with the account and price loaded (3000 USD per ETH). */
async function openHome(account = accountFixture()) {
  signInAs('token-1');
  installFetch((request) => backgroundReads(request, account) ?? jsonResponse(404, {}));
  connectAuthenticatedSocket('token-1');
  server = authenticatedServer();
  const view = renderApp('/');
  await waitFor(() => expect(screen.getByTestId('balance-value').textContent).not.toBe('—'));
  return view;
}

function chooseAmount(amount: string) {
  fireEvent.change(screen.getByLabelText('Bet amount'), { target: { value: amount } });
}

afterEach(() => {
  resetMatchmaking();
  disconnectAuthenticatedSocket();
});

describe('play panel', () => {
  it('asks for an amount before searching', async () => {
    await openHome();
    fireEvent.click(button('Play Now'));
    expect(screen.getByRole('alert').textContent).toBe('Please select an amount to play.');
    expect(sent('search_game')).toEqual([]);
  });

  it('searches with the selected character and amount, becomes Cancel, and cancels', async () => {
    window.localStorage.setItem('selectedCharacter', 'Character3');
    await openHome();
    chooseAmount('10');
    fireEvent.click(button('Play Now'));
    expect(sent('search_game')).toEqual([{ character: 'Character3', amount: 10 }]);
    expect(screen.queryByRole('button', { name: 'Play Now' })).toBeNull();
    expect(screen.getByText('Looking for an opponent at 10 USDT…')).toBeTruthy();
    fireEvent.click(button('Cancel'));
    expect(sent('cancel_search')).toHaveLength(1);
    expect(button('Play Now')).toBeTruthy();
  });

  it('a double click on Play Now searches once: its second click does not cancel (issue 14)', async () => {
    await openHome();
    chooseAmount('10');
    fireEvent.click(button('Play Now'), { detail: 1 });
    fireEvent.click(button('Cancel'), { detail: 2 });
    expect(sent('search_game')).toHaveLength(1);
    expect(sent('cancel_search')).toEqual([]);
    expect(screen.getByText('Looking for an opponent at 10 USDT…')).toBeTruthy();
  });

  it('remembers the bet amount chosen for the next visit (issue 14)', async () => {
    const first = await openHome();
    chooseAmount('15');
    first.unmount();
    resetMatchmaking();
    disconnectAuthenticatedSocket();
    await openHome();
    expect((screen.getByLabelText('Bet amount') as HTMLSelectElement).value).toBe('15');
  });

  it('the live connection shows in the navigation bar; while it is gone Play Now is disabled with the reason (issue 14)', async () => {
    await openHome();
    expect(screen.getByTestId('realtime-status').textContent).toBe('Live');
    expect(button('Play Now').disabled).toBe(false);
    act(() => server.socket.drop());
    expect(screen.getByTestId('realtime-status').textContent).toBe('Reconnecting…');
    expect(button('Play Now').disabled).toBe(true);
    expect(screen.getByTestId('play-connection-hint').textContent).toBe(
      'Play Now waits for the live connection to the game server.',
    );
    act(() => server.socket.reconnect());
    expect(screen.getByTestId('realtime-status').textContent).toBe('Live');
    expect(button('Play Now').disabled).toBe(false);
    act(() => {
      server.socket.disconnect();
    });
    expect(screen.getByTestId('realtime-status').textContent).toBe('Offline');
  });

  it('a search whose connection drops stops and says why, instead of looking forever (issue 14)', async () => {
    await openHome();
    chooseAmount('10');
    fireEvent.click(button('Play Now'));
    expect(screen.getByText('Looking for an opponent at 10 USDT…')).toBeTruthy();
    act(() => server.socket.drop());
    expect(screen.queryByText('Looking for an opponent at 10 USDT…')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(HOME_EN.play.connectionLost);
  });

  it('refuses a bet the balance does not cover at the live price, with the ETH needed (6 decimals, rounded up)', async () => {
    // 0.01 ETH at 3000 USD covers 30 USD, not 50 (50 / 3000 = 0.0166666… ETH).
    await openHome(accountFixture({ balance: 0.01, balanceWei: '10000000000000000' }));
    chooseAmount('50');
    fireEvent.click(button('Play Now'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(TEXTS.insufficientBalance('0.016667'));
    expect(alert.textContent).toBe('Insufficient balance. You need at least 0.016667 ETH to play.');
    expect(screen.getByLabelText('Bet amount').getAttribute('aria-describedby')).toBe(alert.id);
    expect(sent('search_game')).toEqual([]);
    // 20 USD is covered: the search goes out.
    chooseAmount('20');
    fireEvent.click(button('Play Now'));
    expect(sent('search_game')).toEqual([{ character: 'Character1', amount: 20 }]);
  });

  it('a server error while searching returns to idle and shows under the amount selector', async () => {
    await openHome();
    chooseAmount('5');
    fireEvent.click(button('Play Now'));
    send('error', { code: 'already_searching', message: 'You are already searching or playing.' });
    expect(screen.getByRole('alert').textContent).toBe('You are already searching or playing.');
    expect(button('Play Now')).toBeTruthy();
  });

  it('opens the game screen with the navigation state when a game is found', async () => {
    const { router } = await openHome();
    chooseAmount('5');
    fireEvent.click(button('Play Now'));
    const opponent = { id: 'u2', name: 'Bo', walletAddress: null };
    send('game_found', { room: 'r1', opponentCharacter: 'Character4', opponent, amount: 5, stakeEth: '0.0025' });
    expect(router.state.location.pathname).toBe('/search-game');
    expect(router.state.location.state).toEqual({
      room: 'r1',
      character: 'Character1',
      opponentCharacter: 'Character4',
      amount: 5,
      opponent,
      stakeEth: '0.0025',
    });
  });

  it('a game found just after Cancel (the two crossed) still opens: the server started it', async () => {
    const { router } = await openHome();
    chooseAmount('5');
    fireEvent.click(button('Play Now'));
    fireEvent.click(button('Cancel'));
    send('game_found', {
      room: 'r9',
      opponentCharacter: 'Character2',
      opponent: { id: 'u2', name: 'Bo', walletAddress: null },
      amount: 5,
      stakeEth: '0.0025',
    });
    expect(router.state.location.pathname).toBe('/search-game');
    expect(router.state.location.state).toMatchObject({ room: 'r9', character: 'Character1', amount: 5 });
  });

  it('leaving the home page while searching cancels the search (a game found then could not be shown)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = await openHome();
    chooseAmount('5');
    fireEvent.click(button('Play Now'));
    await act(async () => {
      await router.navigate('/howtoplay');
    });
    act(() => {
      vi.advanceTimersByTime(10);
    });
    expect(sent('cancel_search')).toHaveLength(1);
  });
});
