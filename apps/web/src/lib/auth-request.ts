/**
 * Issue 24: a page asks for the sign-in dialog (the challenge page, for a
 * visitor); the layout, which owns the dialog, opens it. The page stays where
 * it is, so the visitor comes back to it signed in.
 */
type AuthMode = 'sign-in' | 'sign-up';
const listeners = new Set<(mode: AuthMode) => void>();

export function requestAuth(mode: AuthMode): void {
  for (const listener of listeners) listener(mode);
}

export function onAuthRequest(listener: (mode: AuthMode) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
