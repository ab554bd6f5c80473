/**
 * Issue 14: how a game ended, asked of `GET /api/games/{id}` when the live
 * connection comes back during a game: a game the server ended meanwhile
 * (the player's connection was gone past the grace) sends nothing on return.
 */
import { gameDetailResponseSchema, type GameDetailResponse } from '@shifumi/protocol';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function fetchGameOutcome(room: string): Promise<GameDetailResponse> {
  return apiRequest(`/api/games/${encodeURIComponent(room)}`, { method: 'GET' }, gameDetailResponseSchema);
}

/** Issue 24: the popup's "Round by round": the ended game's detail, once asked for. */
export function useGameRoundsQuery(room: string, enabled: boolean) {
  return useQuery({
    queryKey: ['game-detail', room] as const,
    queryFn: () => fetchGameOutcome(room),
    enabled,
    staleTime: Infinity,
  });
}
