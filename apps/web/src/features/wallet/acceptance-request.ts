/**
 * Issue 19: a first wallet sign-in must confirm the age and accept the Terms.
 * The sign-in adapter asks here when the server says the address has no
 * account yet; the dialog (AcceptanceDialogHost) answers.
 */
import { useSyncExternalStore } from 'react';

let waiting: ((accepted: boolean) => void) | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Opens the question; resolves true when both boxes were ticked and confirmed, false when dismissed. */
export function requestAcceptance(): Promise<boolean> {
  waiting?.(false);
  return new Promise((resolve) => {
    waiting = resolve;
    changed();
  });
}

export function answerAcceptance(accepted: boolean): void {
  const resolve = waiting;
  waiting = null;
  changed();
  resolve?.(accepted);
}

export function useAcceptanceRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
}
