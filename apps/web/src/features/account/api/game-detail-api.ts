/** Issue 14: `GET /api/games/{id}`, a game of the player's, round by round (the account's game history opens it). */
import { useQuery } from '@tanstack/react-query';
import { gameDetailResponseSchema, type GameDetailResponse } from '@shifumi/protocol';
import { apiRequest } from '../../../lib/api-client';

export const gameDetailQueryKey = (id: string) => ['game-detail', id] as const;

export function fetchGameDetail(id: string, signal?: AbortSignal): Promise<GameDetailResponse> {
  return apiRequest(`/api/games/${encodeURIComponent(id)}`, { method: 'GET', signal }, gameDetailResponseSchema);
}

export function useGameDetailQuery(id: string | null) {
  return useQuery({
    queryKey: gameDetailQueryKey(id ?? ''),
    queryFn: ({ signal }) => fetchGameDetail(id!, signal),
    enabled: id !== null,
    // A finished game does not change.
    staleTime: Infinity,
  });
}
