/**
 * Leaving a running game forfeits it (spec S4 "Round and game"), and nothing
 * is lost without a word (issue 14):
 * - the app's own links, its page-leaving buttons and the browser's Back ask
 *   first ("Leave and lose $5?", lib/leave-guard.ts); Leave sends
 *   `leave_game`, then navigates;
 * - a reload or closing the tab first gets the browser's own warning
 *   (`beforeunload`; the browser shows its own text), and once the page goes
 *   away `leave_game` tells the server at once instead of letting the rounds
 *   run out;
 * - either way the next screen says "You left the game and lost $5", once
 *   (lib/forfeit-notice.ts).
 * A game that is over is not guarded, and its screen cannot be opened again
 * (the browser's Back goes home).
 */
import { useEffect, useRef } from 'react';
import { recordForfeit } from '../../../lib/forfeit-notice';
import { setLeaveGuard } from '../../../lib/leave-guard';
import { emitToServer } from '../../../lib/socket';
import { closeGame, isGameOpen } from '../game-store';

/** Screens mounted per room: React may unmount and mount a screen again at once (StrictMode in development). */
const mountedScreens = new Map<string, number>();
/** `leave_game` goes once, for a game still open (not over, not already left). */
function leave(room: string, amount: string): void {
  if (!isGameOpen(room)) return;
  closeGame(room);
  recordForfeit({ outcome: 'lost', amount });
  emitToServer('leave_game', { room });
}

/** `amount`: the stake as the player reads it ("$5"). */
export function useLeaveGuard(room: string, running: boolean, amount: string): void {
  const runningRef = useRef(running);
  useEffect(() => {
    runningRef.current = running;
    if (!running) {
      closeGame(room);
      return;
    }
    return setLeaveGuard({ amount, leave: () => leave(room, amount) });
  }, [room, running, amount]);

  useEffect(() => {
    mountedScreens.set(room, (mountedScreens.get(room) ?? 0) + 1);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!runningRef.current) return;
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    const onPageHide = () => {
      if (runningRef.current) leave(room, amount);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onPageHide);
      mountedScreens.set(room, (mountedScreens.get(room) ?? 1) - 1);
      window.setTimeout(() => {
        if ((mountedScreens.get(room) ?? 0) > 0) return;
        mountedScreens.delete(room);
        if (runningRef.current) leave(room, amount);
      }, 0);
    };
  }, [room, amount]);
}
