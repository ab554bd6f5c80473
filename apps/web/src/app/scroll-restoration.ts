/**
 * Scroll position across navigations: a new page opens at the top; Back and
 * Forward return to where the page was left (positions kept per history
 * entry for the life of the tab). A change of the hash alone (the skip link)
 * is left to the browser.
 */
import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const positions = new Map<string, number>();

export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const key = location.key;
    window.scrollTo(0, navigationType === 'POP' ? (positions.get(key) ?? 0) : 0);
    return () => {
      positions.set(key, window.scrollY);
    };
    // Keyed by the page, not its hash or state: those do not move the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.key]);
}
