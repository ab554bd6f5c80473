import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@shifumi/protocol/constants';

/** Whether `query` matches now, following changes (false where matchMedia does not exist). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Extra-small screens (spec S2.14: 767 px wide or less). */
export function useIsExtraSmallScreen(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
}
