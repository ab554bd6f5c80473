/**
 * Issue 14: the live connection came back during a running game, but the
 * server may have ended the game meanwhile (the player's connection was gone
 * past the reconnection grace: a forfeit) and a returning socket is told
 * nothing of an ended game. The game is asked for once per return; an ended
 * one is closed and the next screen says what happened, once (forfeit-notice).
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { recordForfeit } from '../../../lib/forfeit-notice';
import { useRealtimeStatus } from '../../../lib/realtime-status';
import { fetchGameOutcome } from '../api/game-outcome-api';
import { closeGame, isGameOpen } from '../game-store';

export function useEndedWhileAway(room: string, running: boolean, amount: string): void {
  const connection = useRealtimeStatus('authenticated');
  const navigate = useNavigate();
  const wasAway = useRef(false);
  useEffect(() => {
    if (connection !== 'live') {
      if (running) wasAway.current = true;
      return;
    }
    if (!wasAway.current || !running) return;
    wasAway.current = false;
    let cancelled = false;
    fetchGameOutcome(room).then(
      (game) => {
        if (cancelled || game.status === 'playing' || !isGameOpen(room)) return;
        closeGame(room);
        if (game.result === 'Victory') recordForfeit({ outcome: 'won', amount });
        else if (game.result === 'Defeat')
          recordForfeit({ outcome: 'lost', amount, reason: game.endReason === 'forfeit-disconnect' ? 'connection' : 'left' });
        void navigate('/', { replace: true });
      },
      // The game's own events still come when it runs on; nothing is lost by not knowing here.
      (error: unknown) => console.warn('Could not check the game after the connection came back', error),
    );
    return () => {
      cancelled = true;
    };
  }, [connection, running, room, amount, navigate]);
}
