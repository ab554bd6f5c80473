/** Issue 24: ChallengeEvents and PlayerPresenceCheck (declared in modules/challenges) over Socket.IO, on every node. */
import type { ChallengeEvents, PlayerPresenceCheck } from '../modules/challenges/challenges.service';
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
