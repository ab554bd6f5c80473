/** A game's signed transcript (GET /api/games/{room}/transcript, issue 17), for `/verify?game=<room>` opened from the account history. */
import { useQuery } from '@tanstack/react-query';
import { transcriptSchema, type Transcript } from '@shifumi/protocol/fairness';
import { apiRequest } from '../../../lib/api-client';

export function useTranscriptQuery(room: string | null) {
  return useQuery({
    queryKey: ['transcript', room],
    queryFn: ({ signal }): Promise<Transcript> =>
      apiRequest(`/api/games/${encodeURIComponent(room!)}/transcript`, { method: 'GET', signal }, transcriptSchema),
    enabled: room !== null,
    // A transcript never changes once the game has ended.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
