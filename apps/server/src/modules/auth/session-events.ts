import type { SessionRevocationReason } from '../../infra/db/schema/index';

export interface SessionsRevokedEvent {
  userId: string;
  sessionIds: string[];
  reason: SessionRevocationReason;
}

/**
 * What the auth service tells the rest of the system when sessions end, so
 * that realtime connections of those sessions are closed. The in-process
 * version talks to the local Socket.IO server; a Redis-backed one can
 * replace it when several servers run behind a balancer.
 */
export interface SessionEvents {
  sessionsRevoked(event: SessionsRevokedEvent): void;
}

/** For code paths (and tests) without realtime. */
export const ignoreSessionEvents: SessionEvents = { sessionsRevoked: () => undefined };
