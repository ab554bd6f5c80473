/**
 * Proof of solvency (issue 28): the latest signed snapshot and its history
 * (public), the public key they are signed with, and this player's inclusion
 * proof (signed in), for the `/solvency` page.
 */
import { useQuery } from '@tanstack/react-query';
import { fairnessKeyResponseSchema } from '@shifumi/protocol/fairness';
import {
  solvencyHistorySchema,
  solvencySnapshotSchema,
  type SolvencyHistoryEntry,
  type SolvencySnapshot,
} from '@shifumi/protocol/solvency';
import { ApiError } from '../../../lib/api-error';
import { apiRequest } from '../../../lib/api-client';

/** The latest snapshot, or null when none was taken yet (404). */
export function useSolvencyQuery() {
  return useQuery({
    queryKey: ['solvency'],
    queryFn: async ({ signal }): Promise<SolvencySnapshot | null> => {
      try {
        return await apiRequest('/api/solvency', { method: 'GET', signal }, solvencySnapshotSchema);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useSolvencyHistoryQuery() {
  return useQuery({
    queryKey: ['solvency', 'history'],
    queryFn: ({ signal }): Promise<SolvencyHistoryEntry[]> =>
      apiRequest('/api/solvency/history', { method: 'GET', signal }, solvencyHistorySchema),
    staleTime: 60_000,
  });
}

/** The server's Ed25519 public key (GET /api/fairness/key), the one transcripts are checked with too. */
export function useSigningKeyQuery() {
  return useQuery({
    queryKey: ['fairness-key'],
    queryFn: ({ signal }) => apiRequest('/api/fairness/key', { method: 'GET', signal }, fairnessKeyResponseSchema),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

/**
 * This player's proof in a snapshot, as the server sends it: not parsed
 * here, so that the checks (not a parse error) say what is wrong with it.
 */
export function fetchSolvencyProof(snapshotId: string): Promise<unknown> {
  return apiRequest(`/api/solvency/proof?snapshot=${encodeURIComponent(snapshotId)}`, { method: 'GET' });
}
