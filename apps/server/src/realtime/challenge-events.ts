/** Issue 24: ChallengeEvents, RematchEvents and PlayerPresenceCheck (declared in their modules) over Socket.IO, on every node. */
import type { ChallengeEvents, PlayerPresenceCheck } from '../modules/challenges/challenges.service';
import type { RematchEvents } from '../modules/rematch/rematch.service';
import { userRoom, type GameServer } from './servers';

export function createChallengeEvents(io: GameServer): ChallengeEvents {
  return {
    challengeUpdated(challengerId, update) {
      io.to(userRoom(challengerId)).emit('challenge_update', update);
    },
  };
}

/** A signed-in socket of the user in their room, on any node (with Redis the adapter asks every node). */
export function createPlayerPresenceCheck(io: GameServer): PlayerPresenceCheck {
  return {
    async isConnected(userId) {
      const sockets = await io.in(userRoom(userId)).fetchSockets();
      return sockets.length > 0;
    },
  };
}

export function createRematchEvents(io: GameServer): RematchEvents {
  return {
    offered(toUserId, event) {
      io.to(userRoom(toUserId)).emit('rematch_offered', event);
    },
    declined(toUserId, event) {
      io.to(userRoom(toUserId)).emit('rematch_declined', event);
    },
  };
}
