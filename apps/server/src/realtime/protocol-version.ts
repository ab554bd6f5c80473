/**
 * Issue 25 (decision 036): the protocol version a client says it speaks in
 * its handshake — `auth.protocolVersion` (the web app), or the query's
 * `protocolVersion` (a tool that cannot set `auth`). None at all is taken as
 * ours: the tools and bots that predate the version (and any script written
 * against the documented events) keep working; a tab that says another
 * version is told to reload.
 */
import { PROTOCOL_VERSION } from '@shifumi/protocol';

interface Handshake {
  auth?: unknown;
  query?: Record<string, unknown>;
}

/** What the handshake says, as sent (undefined when it says nothing). */
export function protocolVersionOf(handshake: Handshake): unknown {
  const auth = handshake.auth as Record<string, unknown> | undefined;
  if (auth && auth.protocolVersion !== undefined) return auth.protocolVersion;
  return handshake.query?.protocolVersion;
}

/** Whether a client that said `version` (or nothing) speaks this server's protocol. */
export function speaksOurProtocol(version: unknown): boolean {
  if (version === undefined) return true;
  return String(version) === String(PROTOCOL_VERSION);
}
