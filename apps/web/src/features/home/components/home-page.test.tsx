import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { BET_AMOUNTS, STORAGE_KEYS, WINDOW_EVENTS } from '@shifumi/protocol';
import { setRealtimeStatus } from '../../../lib/realtime-status';
import { receiveLobby, resetLobby } from '../../../lib/lobby';
import { renderApp, signInAs } from '../../../test/render-app';

describe('home page', () => {
  it('disables Play Now and Add Funds without an access token', () => {
    renderApp('/');
    expect((screen.getByRole('button', { name: 'Play Now' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Add Funds' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for an amount when Play Now is pressed without one', async () => {
    signInAs();
    // The realtime connection is live (socket.ts reports it; no socket here).
    setRealtimeStatus('authenticated', 'live');
    const { user } = renderApp('/home');
    const play = screen.getByRole('button', { name: 'Play Now' }) as HTMLButtonElement;
    expect(play.disabled).toBe(false);

    await user.click(play);

    expect(screen.getByRole('alert').textContent).toBe('Please select an amount to play.');
    await user.selectOptions(screen.getByLabelText('Bet amount'), '10');
    expect(screen.queryByText('Please select an amount to play.')).toBeNull();
  });

  it('offers every bet amount in USDT', () => {
    renderApp('/');
    const options = within(screen.getByLabelText('Bet amount')).getAllByRole('option');
    expect(options.slice(1).map((option) => option.textContent)).toEqual(BET_AMOUNTS.map((amount) => `${amount} USDT`));
  });

  it('shows who is waiting beside each stake and near Play Now once the lobby is known (issue 24)', async () => {
    const { user } = renderApp('/');
    expect(screen.getByTestId('lobby-waiting').textContent).toBe('');
    act(() => receiveLobby({ stakes: BET_AMOUNTS.map((amount) => ({ amount, waiting: amount === 20 ? 2 : 0 })) }));
    const options = within(screen.getByLabelText('Bet amount')).getAllByRole('option');
    expect(options.slice(1).map((option) => option.textContent)).toEqual(
      BET_AMOUNTS.map((amount) => `${amount} USDT · ${amount === 20 ? 2 : 0} waiting`),
    );
    await user.selectOptions(screen.getByLabelText('Bet amount'), '20');
    expect(screen.getByTestId('lobby-waiting').textContent).toBe('2 waiting at 20 USDT');
    // Something malformed changes nothing.
    act(() => receiveLobby({ stakes: [{ amount: 20, waiting: -1 }] }));
    expect(screen.getByTestId('lobby-waiting').textContent).toBe('2 waiting at 20 USDT');
    act(() => resetLobby());
  });

  it('shows the online players count from the public socket events', () => {
    renderApp('/');
    act(() => {
      window.dispatchEvent(new CustomEvent(WINDOW_EVENTS.onlineUsers, { detail: 42 }));
    });
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByText('players online')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new CustomEvent(WINDOW_EVENTS.onlineUsers, { detail: 1234567 }));
    });
    expect(screen.getByText('1,234,567')).toBeTruthy();
  });

  it('signed out: a neutral balance placeholder and an empty Recent Transactions table', () => {
    renderApp('/');
    expect(screen.getByText('Balance').nextSibling?.textContent).toBe('—');
    const table = screen.getByRole('table', { name: 'Recent Transactions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Game', 'Players', 'Game Amount', 'Time']);
    expect(within(table).getByText('No games yet')).toBeTruthy();
  });

  it('changes the character from the 2x2 picker and remembers it', async () => {
    const { user } = renderApp('/');
    expect(screen.getByRole('img', { name: 'Your character: Pebble' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Change Character' }));
    const picker = screen.getByRole('dialog', { name: 'Choose your character' });
    expect(
      within(within(picker).getByRole('list'))
        .getAllByRole('button')
        .map((choice) => choice.textContent?.trim()),
    ).toEqual(['Pebble ✓', 'Origami', 'Snips', 'Nova']);
    expect(within(picker).getByRole('button', { name: 'Pebble', pressed: true })).toBeTruthy();

    await user.click(within(picker).getByRole('button', { name: 'Nova' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('img', { name: 'Your character: Nova' })).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedCharacter)).toBe('Character4');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change Character' }));
  });
});
