/** Issue 27: a whole game in French, then the same screen switched to English (the spec's words). */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { GameFoundEvent, ServerToClientEvents } from '@shifumi/protocol';
import { backgroundReads, installFetch, jsonResponse } from '../../../test/fetch-mock';
import { renderApp, signInAs, testUser } from '../../../test/render-app';
import { connectAuthenticatedSocket, disconnectAuthenticatedSocket, loadRealtimeClient } from '../../../lib/socket';
import { resetMatchmaking, searchGame } from '../../../lib/matchmaking';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { authenticatedServer } from '../../../test/fake-socket';

vi.mock('socket.io-client', () => import('../../../test/fake-socket'));
beforeAll(() => loadRealtimeClient());

const ME = testUser.id;
const OPPONENT = 'user-2';
const FOUND: GameFoundEvent = {
  room: 'room-fr',
  opponentCharacter: 'Character3',
  opponent: { id: OPPONENT, name: 'Bo', walletAddress: null },
  amount: 10,
  stakeEth: '0.003333333333333334',
};
let server: ReturnType<typeof authenticatedServer>;

function send<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
  act(() => server.send(event, ...args));
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** The round's result and its end: I play `mine` against the opponent's `theirs`. */
function round(
  mine: 'rock' | 'paper' | 'scissors',
  theirs: 'rock' | 'paper' | 'scissors',
  scores: [number, number],
  over = false,
) {
  const winner = scores[0] > scores[1] ? ME : OPPONENT;
  send('game_result', { player1Id: OPPONENT, player2Id: ME, player1Choice: theirs, player2Choice: mine, winnerId: winner });
  send('round_end', {
    scores: { [ME]: scores[0], [OPPONENT]: scores[1] },
    gameOver: over,
    ...(over ? { winnerId: winner } : {}),
  });
  advance(4_100);
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(async () => {
  resetMatchmaking();
  disconnectAuthenticatedSocket();
  await activateLanguage('en');
});

describe('the game screen in French (issue 27)', () => {
  it('plays a whole game in French, and shows the spec’s words once switched to English', async () => {
    await activateLanguage('fr');
    signInAs('token-1');
    installFetch((request) => backgroundReads(request) ?? jsonResponse(404, {}));
    connectAuthenticatedSocket('token-1');
    server = authenticatedServer();
    renderApp('/');
    act(() => searchGame('Character2', 10));
    send('game_found', FOUND);
    send('new_round', { round: 1, deadline: Date.now() + 10_000 });

    expect(screen.getByRole('heading', { name: 'Partie contre Bo' })).toBeTruthy();
    expect(screen.getByText('Manche 1')).toBeTruthy();
    // The stake as French writes numbers: a decimal comma.
    expect(screen.getByText('Mise 10 USDT · 0,003333 ETH')).toBeTruthy();
    expect(screen.getByTestId('round-result').textContent).toBe('À vous de jouer');
    const choices = screen.getByRole('group', { name: 'Votre choix' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Pierre', 'Feuille', 'Ciseaux']);
    expect(screen.getByRole('img', { name: 'Adversaire : Snips' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Sons' })).toBeTruthy();

    round('paper', 'rock', [1, 0]);
    expect(screen.getByTestId('round-result').textContent).toBe('Gagné !');
    expect(screen.getByRole('img', { name: 'Votre adversaire a joué Pierre' })).toBeTruthy();
    send('new_round', { round: 2, deadline: Date.now() + 10_000 });
    round('scissors', 'paper', [2, 0], true);
    advance(1_100);

    const popup = await screen.findByRole('dialog');
    expect(within(popup).getByText('Gagné ! +10 USDT')).toBeTruthy();
    expect(within(popup).getByTestId('popup-score').textContent).toBe('Score final 2–0');
    expect(within(popup).getByRole('button', { name: 'Rejouer' })).toBeTruthy();
    expect(within(popup).getByRole('button', { name: 'Retour à l’accueil' })).toBeTruthy();
    expect(within(popup).getByRole('link', { name: 'Vérifier cette partie' })).toBeTruthy();

    // The same popup, switched to English at once: the spec's words.
    await act(() => activateLanguage('en'));
    expect(within(popup).getByText('You Win +10 USDT')).toBeTruthy();
    expect(within(popup).getByRole('button', { name: 'Play Again' })).toBeTruthy();
    expect(within(popup).getByRole('button', { name: 'Go Home' })).toBeTruthy();
  });
});
