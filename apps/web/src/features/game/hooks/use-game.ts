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
import { commitChoice } from '../sealing';
import { canChoose, popupDue, type GameAction, type GameView } from '../game-state';
import { playSound } from '../sound';
import { useCountdown } from './use-countdown';

export interface GameClock {
  /** Whole seconds to the round's deadline (null without one). */
  secondsLeft: number | null;
  /** Locks a hand and sends it, if the round is open. */
  choose: (choice: Choice) => void;
}

/**
 * Issue 24: who runs the game. By default the server (the view in
 * game-store.ts, choices sealed to the server); practice runs it in the
 * browser and passes its own.
 */
export interface GameDriver {
  dispatch: (action: GameAction) => void;
  /** Sends the chosen hand for `round`. */
  send: (round: number, choice: Choice) => void;
}

export function useGame(room: string, view: GameView, driver?: GameDriver): GameClock {
  const secondsLeft = useCountdown(view.deadline);
  const dispatch = driver?.dispatch;
  const send = driver?.send;

  // The shuffle lasts 4 s; then the real hands, the result, the score, and its sound (issue 14: won, lost or drawn).
  const revealId = view.reveal?.shuffling ? view.reveal.id : null;
  const revealOutcome = view.reveal?.outcome;
  useEffect(() => {
    if (revealId === null) return;
    const timer = window.setTimeout(() => {
      (dispatch ?? ((action: GameAction) => dispatchToGame(room, action)))({ type: 'revealDone', id: revealId });
      if (revealOutcome) playSound(revealOutcome === 'win' ? 'win' : revealOutcome === 'lose' ? 'lose' : 'draw');
    }, REVEAL_ANIMATION_MS);
    return () => window.clearTimeout(timer);
  }, [room, revealId, revealOutcome, dispatch]);

  // Issue 14: each of the clock's last 3 seconds ticks while the round is running.
  const clockRunning = view.deadline !== null && !view.reveal && !view.end;
  useEffect(() => {
    if (clockRunning && secondsLeft !== null && secondsLeft >= 1 && secondsLeft <= 3) playSound('tick');
  }, [clockRunning, secondsLeft]);

  // The end-of-game popup, 1 s after the last reveal.
  const due = popupDue(view);
  useEffect(() => {
    if (!due) return;
    const timer = window.setTimeout(
      () => (dispatch ?? ((action: GameAction) => dispatchToGame(room, action)))({ type: 'showPopup' }),
      POPUP_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [room, due, dispatch]);

  const open = canChoose(view);
  const { round, me } = view;
  const choose = useCallback(
    (choice: Choice) => {
      if (!open) return;
      if (dispatch && send) {
        dispatch({ type: 'chose', choice });
        send(round, choice);
        return;
      }
      dispatchToGame(room, { type: 'chose', choice });
      // Issue 17: always sealed; the choice itself leaves only on the server's reveal_request.
      void commitChoice(room, round, me, choice).catch(() => emitToServer('make_choice', { room, choice }));
    },
    [open, room, round, me, dispatch, send],
  );

  // At 0 without a choice, rock is chosen (the server plays rock for a silent player too).
  useEffect(() => {
    if (secondsLeft === 0 && open) choose('rock');
  }, [secondsLeft, open, choose]);

  return { secondsLeft, choose };
}
