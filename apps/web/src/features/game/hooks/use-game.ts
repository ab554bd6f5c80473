/**
 * One game as the screen lives it: the view kept by game-store.ts (fed by the
 * server's events since `game_found`), and the screen's own clocks: the
 * reveal (4 s, then the winner's sound), the popup (1 s after the last
 * reveal) and the automatic rock at 0.
 */
import { useCallback, useEffect } from 'react';
import { POPUP_DELAY_MS, REVEAL_ANIMATION_MS, type Choice } from '@shifumi/protocol';
import { emitToServer } from '../../../lib/socket';
import { dispatchToGame } from '../game-store';
import { canChoose, popupDue, type GameView } from '../game-state';
import { playWinSound } from '../sound';
import { useCountdown } from './use-countdown';

export interface GameClock {
  /** Whole seconds to the round's deadline (null without one). */
  secondsLeft: number | null;
  /** Locks a hand and sends it, if the round is open. */
  choose: (choice: Choice) => void;
}

export function useGame(room: string, view: GameView): GameClock {
  const secondsLeft = useCountdown(view.deadline);

  // The shuffle lasts 4 s; then the real hands, the result, the score, and the winner's sound.
  const revealId = view.reveal?.shuffling ? view.reveal.id : null;
  const revealWon = view.reveal?.outcome === 'win';
  useEffect(() => {
    if (revealId === null) return;
    const timer = window.setTimeout(() => {
      dispatchToGame(room, { type: 'revealDone', id: revealId });
      if (revealWon) playWinSound();
    }, REVEAL_ANIMATION_MS);
    return () => window.clearTimeout(timer);
  }, [room, revealId, revealWon]);

  // The end-of-game popup, 1 s after the last reveal.
  const due = popupDue(view);
  useEffect(() => {
    if (!due) return;
    const timer = window.setTimeout(() => dispatchToGame(room, { type: 'showPopup' }), POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [room, due]);

  const open = canChoose(view);
  const choose = useCallback(
    (choice: Choice) => {
      if (!open) return;
      dispatchToGame(room, { type: 'chose', choice });
      emitToServer('make_choice', { room, choice });
    },
    [open, room],
  );

  // At 0 without a choice, rock is chosen (the server plays rock for a silent player too).
  useEffect(() => {
    if (secondsLeft === 0 && open) choose('rock');
  }, [secondsLeft, open, choose]);

  return { secondsLeft, choose };
}
