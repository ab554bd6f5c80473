/**
 * Leaving a running game forfeits it (spec S4 "Round and game"): a reload or
 * closing the tab first gets the browser's own warning (`beforeunload`; the
 * browser shows its own text), and once the page goes away, or the player
 * navigates elsewhere in the app, `leave_game` tells the server at once
 * instead of letting the rounds run out. A game that is over is not guarded,
 * and its screen cannot be opened again (the browser's Back goes home).
 */
import { useEffect, useRef } from 'react';
import { emitToServer } from '../../../lib/socket';
import { closeGame } from '../game-store';

/** Screens mounted per room: React may unmount and mount a screen again at once (StrictMode in development). */
const mountedScreens = new Map<string, number>();

function leave(room: string): void {
  closeGame(room);
  emitToServer('leave_game', { room });
}

export function useLeaveGuard(room: string, running: boolean): void {
  const runningRef = useRef(running);
  useEffect(() => {
    runningRef.current = running;
    if (!running) closeGame(room);
  }, [room, running]);

  useEffect(() => {
    mountedScreens.set(room, (mountedScreens.get(room) ?? 0) + 1);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!runningRef.current) return;
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = '';
    };
    const onPageHide = () => {
      if (runningRef.current) leave(room);
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
        if (runningRef.current) leave(room);
      }, 0);
    };
  }, [room]);
}
