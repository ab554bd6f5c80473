/**
 * Whole seconds left until the server's deadline (spec S4: the 10 s round
 * countdown). The deadline is the server's, so a late page or a reconnection
 * shows the time really left; it is capped at the round's length so a client
 * clock running behind the server's never shows more than 10.
 */
import { useEffect, useState } from 'react';
import { ROUND_TIMER_MS } from '@shifumi/protocol';

const TICK_MS = 200;

export function secondsUntil(deadline: number, now: number): number {
  const left = Math.min(deadline - now, ROUND_TIMER_MS);
  return Math.max(0, Math.ceil(left / 1000));
}

/** Null while there is no deadline. */
export function useCountdown(deadline: number | null): number | null {
  const [tick, setTick] = useState<{ deadline: number; seconds: number } | null>(null);
  useEffect(() => {
    if (deadline === null) return;
    const update = () => {
      const seconds = secondsUntil(deadline, Date.now());
      // Only a change of the whole second re-renders.
      setTick((current) => (current?.deadline === deadline && current.seconds === seconds ? current : { deadline, seconds }));
    };
    const interval = window.setInterval(update, TICK_MS);
    return () => window.clearInterval(interval);
  }, [deadline]);
  if (deadline === null) return null;
  // A new deadline is read at once: the previous round's 0 must never show (nor play rock) in the next.
  return tick?.deadline === deadline ? tick.seconds : secondsUntil(deadline, Date.now());
}
