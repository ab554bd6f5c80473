/**
 * Leaving a running game through the app's own controls asks first (issue 14):
 * while a game screen holds a guard, a click on a link or a page-leaving
 * button of the navigation bar or the footer, and the browser's Back or
 * Forward, open the "Leave and lose $5?" confirmation instead of leaving.
 * Stay keeps the game; Leave forfeits it (the guard's `leave`, which sends
 * `leave_game`) and then does what was asked.
 *
 * The router is declarative (BrowserRouter, decision 011): it has no
 * navigation blocker, so this module intercepts for it. Clicks are caught in
 * the capture phase on the document, before React's root sees them; Back is
 * caught by a `popstate` listener on the window registered before the router
 * mounts (main.tsx): listeners of one target run in the order they were
 * added, so it runs before the router's own, stops it, and steps forward
 * again so the address stays the game's while the player decides.
 */
import { useSyncExternalStore } from 'react';

export interface LeaveGuard {
  /** The stake as the player reads it, e.g. "$5". */
  amount: string;
  /** Forfeits the game: called once, before the navigation goes on. */
  leave: () => void;
}

/** Marks a button outside links that leaves the page (My account, Logout): guarded like a link. */
export const LEAVES_PAGE_ATTRIBUTE = 'data-leaves-page';

interface LeaveRequest {
  amount: string;
}

let guard: LeaveGuard | null = null;
let proceed: (() => void) | null = null;
let request: LeaveRequest | null = null;
/** Set while an accepted leave replays its click: that click must go through. */
let replaying = false;
const listeners = new Set<() => void>();

function publish(): void {
  request = guard && proceed ? { amount: guard.amount } : null;
  for (const listener of listeners) listener();
}

/** Installs the game's guard; the returned function removes it (the game ended or its screen closed). */
export function setLeaveGuard(next: LeaveGuard): () => void {
  guard = next;
  publish();
  return () => {
    if (guard !== next) return;
    guard = null;
    proceed = null;
    publish();
  };
}

/** Runs `next` at once when no game is guarded; otherwise asks first. */
export function requestLeave(next: () => void): void {
  if (!guard) {
    next();
    return;
  }
  proceed = next;
  publish();
}

/** Leave: forfeit the game, then go where the player asked. */
export function confirmLeave(): void {
  const leaving = guard;
  const next = proceed;
  guard = null;
  proceed = null;
  publish();
  leaving?.leave();
  next?.();
}

/** Stay: nothing happens. */
export function stayInGame(): void {
  proceed = null;
  publish();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The pending confirmation, or null. */
export function useLeaveRequest(): LeaveRequest | null {
  return useSyncExternalStore(
    subscribe,
    () => request,
    () => null,
  );
}

function leavingControl(event: MouseEvent): HTMLElement | null {
  if (!(event.target instanceof Element)) return null;
  const control = event.target.closest<HTMLElement>(`a[href], [${LEAVES_PAGE_ATTRIBUTE}]`);
  if (!control || !control.closest('header, footer')) return null;
  if (control instanceof HTMLAnchorElement) {
    // A new tab or window leaves nothing.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || (control.target && control.target !== '_self'))
      return null;
    if (control.origin !== window.location.origin) return null;
  }
  return control;
}

/** Starts intercepting, before the router mounts (once, for the page's lifetime); returns the function that stops it. */
export function interceptLeaving(): () => void {
  let swallowNextPop = false;

  const onClick = (event: MouseEvent) => {
    if (!guard || replaying || event.button !== 0) return;
    const control = leavingControl(event);
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    requestLeave(() => {
      replaying = true;
      try {
        control.click();
      } finally {
        replaying = false;
      }
    });
  };

  const onPopState = (event: PopStateEvent) => {
    if (swallowNextPop) {
      // The step forward that puts the game's address back: the router never hears of the round trip.
      swallowNextPop = false;
      event.stopImmediatePropagation();
      return;
    }
    if (!guard) return;
    event.stopImmediatePropagation();
    swallowNextPop = true;
    window.history.go(1);
    requestLeave(() => window.history.back());
  };

  document.addEventListener('click', onClick, true);
  window.addEventListener('popstate', onPopState, true);
  return () => {
    document.removeEventListener('click', onClick, true);
    window.removeEventListener('popstate', onPopState, true);
  };
}
