import { useEffect, useState } from 'react';
import { WINDOW_EVENTS } from '@shifumi/protocol/constants';
import { getLastOnlineUsers } from '../../../lib/socket';

/** The online-players count the public socket re-emits as `onlineUsersUpdate` (S7.13); null until known. */
export function useOnlinePlayers(): number | null {
  const [count, setCount] = useState<number | null>(getLastOnlineUsers);

  useEffect(() => {
    function onUpdate(event: Event) {
      const detail: unknown = (event as CustomEvent<unknown>).detail;
      if (typeof detail === 'number' && Number.isFinite(detail) && detail >= 0) setCount(detail);
    }
    window.addEventListener(WINDOW_EVENTS.onlineUsers, onUpdate);
    return () => window.removeEventListener(WINDOW_EVENTS.onlineUsers, onUpdate);
  }, []);

  return count;
}
