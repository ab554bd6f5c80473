/**
 * Issue 25: a refusal told outside any event's answer (a search that fails
 * when its match is made, a search dropped with its node), as the `error`
 * event — its code, and its text looked up here at the edge
 * (@shifumi/protocol's socket-refusals.ts), in each socket's language.
 */
import { socketRefusalAnswer, type SocketRefusal } from '@shifumi/protocol';
import { userRoom, type GameServer } from './servers';
import { inEachLanguage } from './socket-language';

export interface RefusalNotices {
  /** `error` to one socket (on any node). */
  toSocket(socketId: string, refusal: SocketRefusal): void;
  /** `error` to every socket of a user (on any node). */
  toUser(userId: string, refusal: SocketRefusal): void;
}

export function createRefusalNotices(io: GameServer): RefusalNotices {
  return {
    toSocket: (socketId, refusal) =>
      inEachLanguage(io, socketId, (target, language) => target.emit('error', socketRefusalAnswer(refusal, language))),
    toUser: (userId, refusal) =>
      inEachLanguage(io, userRoom(userId), (target, language) => target.emit('error', socketRefusalAnswer(refusal, language))),
  };
}
