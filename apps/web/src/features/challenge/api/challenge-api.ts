/** Issue 24: challenges by link — the fetchers and their query and mutation hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptedChallengeSchema,
  challengeViewSchema,
  createdChallengeSchema,
  ownChallengesSchema,
  type AcceptedChallenge,
  type BetAmount,
  type ChallengeView,
  type Character,
  type CreatedChallenge,
  type OwnChallenge,
} from '@shifumi/protocol';
import { apiRequest } from '../../../lib/api-client';

export const challengeQueryKey = (id: string) => ['challenge', id] as const;
export const ownChallengesQueryKey = ['challenges', 'own'] as const;

export function fetchChallenge(id: string, signal?: AbortSignal): Promise<ChallengeView> {
  return apiRequest(`/api/challenges/${encodeURIComponent(id)}`, { method: 'GET', signal }, challengeViewSchema);
}

export function useChallengeQuery(id: string) {
  return useQuery({ queryKey: challengeQueryKey(id), queryFn: ({ signal }) => fetchChallenge(id, signal), retry: false });
}

export function useOwnChallengesQuery(enabled: boolean) {
  return useQuery({
    queryKey: ownChallengesQueryKey,
    queryFn: ({ signal }): Promise<{ challenges: OwnChallenge[] }> =>
      apiRequest('/api/challenges', { method: 'GET', signal }, ownChallengesSchema),
    enabled,
  });
}

export function useCreateChallengeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: BetAmount; character: Character }): Promise<CreatedChallenge> =>
      apiRequest('/api/challenges', { method: 'POST', body: input }, createdChallengeSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownChallengesQueryKey }),
  });
}

export function useCancelChallengeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/challenges/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownChallengesQueryKey }),
  });
}

export function useAcceptChallengeMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (character: Character): Promise<AcceptedChallenge> =>
      apiRequest(
        `/api/challenges/${encodeURIComponent(id)}/accept`,
        { method: 'POST', body: { character } },
        acceptedChallengeSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengeQueryKey(id) }),
  });
}
