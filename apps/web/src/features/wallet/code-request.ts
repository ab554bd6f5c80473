/**
 * Issue 13: the two-factor code of a wallet sign-in (Sign-In With Ethereum).
 * The sign-in adapter asks here when the server answers a challenge; the
 * dialog (TwoFactorCodeDialogHost, above RainbowKit's modal) answers.
 */
import { useSyncExternalStore } from 'react';

interface CodeQuestion {
  /** Each question its own: a new ask (after a wrong code) starts from an empty field. */
  id: number;
  /** Why the last code failed (the server's sentence), null on the first ask. */
  problem: string | null;
  resolve: (code: string | null) => void;
}

let waiting: CodeQuestion | null = null;
let asked = 0;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Opens the question; resolves with the code typed, null when the person cancels. */
export function requestCode(problem: string | null): Promise<string | null> {
  waiting?.resolve(null);
  return new Promise((resolve) => {
    asked += 1;
    waiting = { id: asked, problem, resolve };
    changed();
  });
}

export function answerCode(code: string | null): void {
  const question = waiting;
  waiting = null;
  changed();
  question?.resolve(code);
}

/** The question being asked (its problem text), or undefined when none is. */
export function useCodeRequested(): { id: number; problem: string | null } | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting ?? undefined,
    () => undefined,
  );
}
