import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { BET_AMOUNTS } from '@shifumi/protocol';
import { LOBBY_EN } from '@shifumi/protocol/catalogue/en/lobby';
import { receiveLobby, resetLobby } from '../../../lib/lobby';
import { SearchStatus } from './search-status';

describe('a search is never silent (issue 24)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    resetLobby();
  });

  it('shows the elapsed time, the offers after 15 s and the plain words after 30 s', () => {
    const onSearchAt = vi.fn();
    act(() =>
      receiveLobby({ stakes: BET_AMOUNTS.map((amount) => ({ amount, waiting: amount === 50 ? 3 : amount === 5 ? 1 : 0 })) }),
    );
    render(
      <SearchStatus amount={10} since={Date.now()} onSearchAt={onSearchAt}>
        <button type="button">extra offer</button>
      </SearchStatus>,
    );
    expect(screen.getByTestId('search-elapsed').textContent).toBe('Searching for 0 s');
    expect(screen.queryByTestId('search-offers')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(14_000);
    });
    expect(screen.getByTestId('search-elapsed').textContent).toBe('Searching for 14 s');
    expect(screen.queryByTestId('search-offers')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByTestId('search-offers')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'extra offer' })).toBeTruthy();
    expect(screen.queryByText(LOBBY_EN.search.cannotBeMatched)).toBeNull();
    // The stake where the most players wait, in one click.
    fireEvent.click(screen.getByRole('button', { name: 'Play at 50 USDT (3 waiting)' }));
    expect(onSearchAt).toHaveBeenCalledWith(50);
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(screen.getByRole('alert').textContent).toBe(LOBBY_EN.search.cannotBeMatched);
  });

  it('offers no other stake when nobody waits elsewhere', () => {
    act(() => receiveLobby({ stakes: BET_AMOUNTS.map((amount) => ({ amount, waiting: amount === 10 ? 1 : 0 })) }));
    render(<SearchStatus amount={10} since={Date.now() - 16_000} onSearchAt={() => undefined} />);
    expect(screen.getByTestId('search-offers')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Play at/ })).toBeNull();
  });
});
