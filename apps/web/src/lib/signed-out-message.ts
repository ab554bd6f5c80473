/**
 * Issue 26: the server's words when it signed this tab out (`force_disconnect`:
 * a freeze with staff's reason, a sign-out everywhere), kept in
 * sessionStorage across the reload that follows, and shown once on the page
 * after it (`app/signed-out-notice.tsx`).
 */
const STORAGE_KEY = 'shifumi.signedOutMessage';

export function rememberSignedOutMessage(message: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, message);
  } catch {
    // Without storage the alert alone says it.
  }
}

/** The remembered message, or null. */
export function readSignedOutMessage(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Once shown: a later reload does not show it again. */
export function forgetSignedOutMessage(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}
