/**
 * Issue 18: the console's calls to `/api/admin/*`, each answer checked with
 * the protocol's schema (this feature is a chunk of its own: players never
 * download it, so zod is welcome here).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminOverviewSchema,
  adminWithdrawalDecisionSchema,
  adminWithdrawalsResponseSchema,
  auditResponseSchema,
  flagsResponseSchema,
  gamePageSchema,
  gamesListResponseSchema,
  playerPageSchema,
  playerSearchResponseSchema,
  staffMeResponseSchema,
  stuckResponseSchema,
  solvencySnapshotSchema,
  transcriptSchema,
  type ADMIN_WITHDRAWAL_STATUSES,
  type FLAG_STATUSES,
} from '@shifumi/protocol';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const changedSchema = z.object({ changed: z.boolean() });
/** A stuck item's action: whether it changed anything and, when it did not, perhaps why. */
const stuckActionSchema = z.object({ changed: z.boolean(), message: z.string().optional() });

export function useStaffMe() {
  return useQuery({
    queryKey: ['admin', 'me'],
    queryFn: ({ signal }) => apiRequest('/api/admin/me', { method: 'GET', signal }, staffMeResponseSchema),
    retry: false,
  });
}

export function useOverview() {
  return useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => apiRequest('/api/admin/overview', { method: 'GET', signal }, adminOverviewSchema),
    refetchInterval: 15_000,
  });
}

export function useRunLedgerCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/admin/ledger-check', { method: 'POST' }, z.object({ ok: z.boolean(), problems: z.array(z.string()) })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] }),
  });
}

/** Issue 28: a proof-of-solvency snapshot now (audited). */
export function useTakeSolvencySnapshot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/admin/solvency/snapshot', { method: 'POST' }, solvencySnapshotSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] }),
  });
}

export function useWithdrawals(status: (typeof ADMIN_WITHDRAWAL_STATUSES)[number]) {
  return useQuery({
    queryKey: ['admin', 'withdrawals', status],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/withdrawals?status=${status}`, { method: 'GET', signal }, adminWithdrawalsResponseSchema),
    refetchInterval: 5_000,
  });
}

export function useWithdrawalDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      apiRequest(
        `/api/admin/withdrawals/${id}/${decision}`,
        { method: 'POST', ...(reason === undefined ? {} : { body: { reason } }) },
        adminWithdrawalDecisionSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function usePlayerSearch(q: string) {
  return useQuery({
    queryKey: ['admin', 'players', q],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/players?q=${encodeURIComponent(q)}`, { method: 'GET', signal }, playerSearchResponseSchema),
    enabled: q.trim() !== '',
  });
}

export function usePlayerPage(userId: string) {
  return useQuery({
    queryKey: ['admin', 'player', userId],
    queryFn: ({ signal }) => apiRequest(`/api/admin/players/${userId}`, { method: 'GET', signal }, playerPageSchema),
  });
}

export function usePlayerAction(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: 'freeze' | 'unfreeze' | 'revoke-sessions'; reason: string }) =>
      apiRequest(`/api/admin/players/${userId}/${action}`, { method: 'POST', body: { reason } }, changedSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'player', userId] }),
  });
}

export function useGames(userId?: string) {
  return useQuery({
    queryKey: ['admin', 'games', userId ?? null],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/games${userId ? `?userId=${userId}` : ''}`, { method: 'GET', signal }, gamesListResponseSchema),
  });
}

export function useGamePage(gameId: string) {
  return useQuery({
    queryKey: ['admin', 'game', gameId],
    queryFn: ({ signal }) => apiRequest(`/api/admin/games/${gameId}`, { method: 'GET', signal }, gamePageSchema),
  });
}

/** An ended game's signed transcript (issue 17), fetched only once asked for. */
export function useGameTranscript(gameId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'game', gameId, 'transcript'],
    queryFn: ({ signal }) => apiRequest(`/api/admin/games/${gameId}/transcript`, { method: 'GET', signal }, transcriptSchema),
    enabled,
  });
}

export function useStuck() {
  return useQuery({
    queryKey: ['admin', 'stuck'],
    queryFn: ({ signal }) => apiRequest('/api/admin/stuck', { method: 'GET', signal }, stuckResponseSchema),
    refetchInterval: 15_000,
  });
}

export function useStuckAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'take_over' | 'fail_and_refund' | 'credit_now'; id: string }) =>
      apiRequest(
        kind === 'take_over'
          ? `/api/admin/stuck/games/${id}/take-over`
          : kind === 'credit_now'
            ? `/api/admin/stuck/deposits/${id}/credit`
            : `/api/admin/stuck/withdrawals/${id}/fail-and-refund`,
        { method: 'POST' },
        stuckActionSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'stuck'] }),
  });
}

export function useFlags(status: (typeof FLAG_STATUSES)[number]) {
  return useQuery({
    queryKey: ['admin', 'flags', status],
    queryFn: ({ signal }) => apiRequest(`/api/admin/flags?status=${status}`, { method: 'GET', signal }, flagsResponseSchema),
  });
}

export function useFlagActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'flags'] });
  return {
    resolve: useMutation({
      mutationFn: ({ id, resolution, note }: { id: string; resolution: 'dismissed' | 'confirmed'; note: string }) =>
        apiRequest(`/api/admin/flags/${id}/resolve`, { method: 'POST', body: { resolution, note } }, changedSchema),
      onSettled: refresh,
    }),
    scan: useMutation({
      mutationFn: () => apiRequest('/api/admin/flags/scan', { method: 'POST' }, z.object({ added: z.number() })),
      onSettled: refresh,
    }),
  };
}

export function useAudit(filter: { actor: string; action: string; target: string }) {
  const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value.trim() !== ''));
  return useQuery({
    queryKey: ['admin', 'audit', query.toString()],
    queryFn: ({ signal }) => apiRequest(`/api/admin/audit?${query.toString()}`, { method: 'GET', signal }, auditResponseSchema),
  });
}
