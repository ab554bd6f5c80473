/**
 * Issue 24: a game started from a challenge (`game_found` with `challenge`)
 * opens the game screen from whatever page the player is on — the challenger
 * may be reading their account, the friend is on the challenge page. Home's
 * play panel opens it itself; this only steps in when nobody did. Fetched
 * after the first load (the layout imports it on demand).
 */
import type { NavigateFunction } from 'react-router';
import { onServerEvent } from '../lib/game-events';
import { getSelectedCharacter } from '../lib/selected-character';

const GAME_SCREEN_PATH = '/search-game';

/** Listens; returns the unsubscribe function. */
export function followChallengeGames(navigate: NavigateFunction): () => void {
  return onServerEvent('game_found', (event) => {
    if (!event.challenge) return;
    // After the other listeners (home's panel navigates on its own).
    window.setTimeout(() => {
      if (window.location.pathname === GAME_SCREEN_PATH) return;
      void navigate(GAME_SCREEN_PATH, { state: { ...event, character: getSelectedCharacter() } });
    }, 0);
  });
}
