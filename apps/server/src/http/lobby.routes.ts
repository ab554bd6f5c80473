import type { LobbyEvent } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { Lobby } from '../modules/matchmaking/lobby';

export interface LobbyRoutesOptions {
  lobby: Lobby;
}

/** Issue 24: `GET /api/lobby`, public: players searching at each of the seven stakes right now, across every node. */
export async function lobbyRoutes(app: FastifyInstance, options: LobbyRoutesOptions): Promise<void> {
  app.get('/lobby', async (): Promise<LobbyEvent> => options.lobby.current());
}
