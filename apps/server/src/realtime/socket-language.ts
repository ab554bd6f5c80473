/**
 * Issue 27 (decision 052): each live connection speaks the language of its
 * session, fixed at connection: the player's preference then, else the
 * handshake's `Accept-Language`, else `en`. Each socket joins the room of its
 * language, so that a sentence sent to a room (a user's sockets, a session's)
 * goes out once per language, each socket hearing its own.
 */
import { LANGUAGES, type Language } from '@shifumi/protocol';
import type { GameServer } from './servers';

export function languageRoom(language: Language): string {
  return `lang:${language}`;
}

type Target = ReturnType<GameServer['to']>;

/** Sends to `rooms` in each language: every socket there hears the version of its own language only. */
export function inEachLanguage(
  io: GameServer,
  rooms: string | string[],
  send: (target: Target, language: Language) => void,
): void {
  for (const language of LANGUAGES) {
    const others = LANGUAGES.filter((other) => other !== language).map(languageRoom);
    send(io.to(rooms).except(others), language);
  }
}
