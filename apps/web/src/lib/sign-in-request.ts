/**
 * Issue 26: any screen asks for the sign-in dialog (home's "Sign in to play
 * and to add funds.") without importing the auth feature (decision 033): a
 * window event that the layout, which owns the dialog, listens to.
 */
export const SIGN_IN_REQUEST_EVENT = 'shifumi:sign-in-request';

export function requestSignIn(): void {
  window.dispatchEvent(new Event(SIGN_IN_REQUEST_EVENT));
}

/** The layout's side: `open` runs on each request; the returned function stops listening. */
export function onSignInRequest(open: () => void): () => void {
  window.addEventListener(SIGN_IN_REQUEST_EVENT, open);
  return () => window.removeEventListener(SIGN_IN_REQUEST_EVENT, open);
}
