import { apiRequest } from './api-client';
import { clearSession } from './session-store';
import { disconnectAuthenticatedSocket } from './socket';

/** Forgets the session in this browser: token and user cleared, realtime connection closed (spec S4). */
export function forgetLocalSession(): void {
  clearSession();
  disconnectAuthenticatedSocket();
}

/**
 * Signs out of this browser: the server revokes the refresh token, and
 * whatever it answers the local session is cleared and the realtime
 * connection closed — a user who asked to leave must not stay signed in.
 */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('/api/auth/logout', { method: 'POST' });
  } catch (error) {
    console.error('Sign-out request failed; signing out locally anyway.', error);
  } finally {
    forgetLocalSession();
  }
}
