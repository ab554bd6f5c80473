import { clearSession } from './session-store';
import { disconnectAuthenticatedSocket } from './socket';

/** Forgets the session in this browser: token and user cleared, realtime connection closed (spec S4). */
export function forgetLocalSession(): void {
  clearSession();
  disconnectAuthenticatedSocket();
}
