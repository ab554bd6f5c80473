/**
 * One game as the screen lives it: the server's events of this game feed the
 * reducer of game-state.ts, and the screen's own clocks drive the reveal
 * (4 s), the popup (1 s after the last reveal) and the automatic rock at 0.
 */
import { useCallback, useEffect, useReducer } from 'react';
import { POPUP_DELAY_MS, REVEAL_ANIMATION_MS, type Choice } from '@shifumi/protocol';
import { onServerEvent } from '../../../lib/game-events';
import { emitToServer } from '../../../lib/socket';
import { canChoose, gameReducer, initialGameView, popupDue, type GameView } from '../game-state';
import { playWinSound } from '../sound';
import { useCountdown } from './use-countdown';

export interface Game {
  view: GameView;
  secondsLeft: number | null;
  choose: (choice: Choice) => void;
}

export function useGame(room: string, me: string, opponentId: string): Game {
  const [view, dispatch] = useReducer(gameReducer, undefined, () => initialGameView(me, opponentId));
  const secondsLeft = useCountdown(view.deadline);

  useEffect(() => {
    const ofThisRoom = (event: { room: string }) => event.room === room;
    const offs = [
      onServerEvent('new_round', (event) => dispatch({ type: 'newRound', event })),
      onServerEvent('game_state', (event) => ofThisRoom(event) && dispatch({ type: 'gameState', event })),
      onServerEvent('opponent_choice_locked', (event) => ofThisRoom(event) && dispatch({ type: 'opponentLocked' })),
      onServerEvent('opponent_connection', (event) => ofThisRoom(event) && dispatch({ type: 'opponentConnection', connected: event.connected })),
      onServerEvent('game_result', (event) => dispatch({ type: 'result', event })),
      onServerEvent('round_end', (event) => dispatch({ type: 'roundEnd', event })),
      onServerEvent('game_dead', (event) => ofThisRoom(event) && dispatch({ type: 'gameDead' })),
      onServerEvent('error', (event) => dispatch({ type: 'error', message: event.message })),
    ];
    return () => offs.forEach((off) => off());
  }, [room]);

  // The shuffle lasts 4 s; then the real hands, the result, the score, and the winner's sound.
  const revealId = view.reveal?.shuffling ? view.reveal.id : null;
  const revealWon = view.reveal?.outcome === 'win';
  useEffect(() => {
    if (revealId === null) return;
    const timer = window.setTimeout(() => {
      dispatch({ type: 'revealDone', id: revealId });
      if (revealWon) playWinSound();
    }, REVEAL_ANIMATION_MS);
    return () => window.clearTimeout(timer);
  }, [revealId, revealWon]);

  // The end-of-game popup, 1 s after the last reveal.
  const due = popupDue(view);
  useEffect(() => {
    if (!due) return;
    const timer = window.setTimeout(() => dispatch({ type: 'showPopup' }), POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [due]);

  const open = canChoose(view);
  const choose = useCallback(
    (choice: Choice) => {
      if (!open) return;
      dispatch({ type: 'chose', choice });
      emitToServer('make_choice', { room, choice });
    },
    [open, room],
  );

  // At 0 without a choice, rock is chosen (the server plays rock for a silent player too).
  useEffect(() => {
    if (secondsLeft === 0 && open) choose('rock');
  }, [secondsLeft, open, choose]);

  return { view, secondsLeft, choose };
}
