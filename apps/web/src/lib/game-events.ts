/**
 * The play events of the authenticated socket, re-dispatched on one local
 * event target so that screens can subscribe whatever socket instance is
 * current (it is created at sign-in and re-connected on token refresh).
 */
import type { ServerToClientEvents } from '@shifumi/protocol';

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** The events forwarded from the authenticated socket. */
export const FORWARDED_EVENTS = [
  'game_found',
  'error',
  'new_round',
  'opponent_choice_locked',
  'opponent_connection',
  'game_result',
  'round_end',
  'game_state',
  'game_dead',
  'reaction_received',
  'reveal_request',
  // Issue 24.
  'challenge_update',
  'rematch_offered',
  'rematch_declined',
] as const satisfies readonly ServerEventName[];

const target = new EventTarget();

/** Called by the socket module for every forwarded event. */
export function dispatchServerEvent<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
  target.dispatchEvent(new CustomEvent(event, { detail: payload }));
}

/** Subscribes to one server event; returns the unsubscribe function. */
export function onServerEvent<E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): () => void {
  const listener = (raw: Event) => handler((raw as CustomEvent<ServerEventPayload<E>>).detail);
  target.addEventListener(event, listener);
  return () => target.removeEventListener(event, listener);
}
