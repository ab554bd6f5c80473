/**
 * Sign-up, sign-in and sign-out calls (spec S7) and their mutation hooks.
 */
import { useMutation } from '@tanstack/react-query';
import {
  messageResponseSchema,
  sessionResponseSchema,
  type LoginRequest,
  type MessageResponse,
  type RegisterRequest,
  type SessionResponse,
} from '@shifumi/protocol';
import { apiRequest } from '../../../lib/api-client';
import { signOut } from '../../../lib/sign-out';

export function register(input: RegisterRequest): Promise<MessageResponse> {
  return apiRequest('/api/auth/register', { method: 'POST', body: input }, messageResponseSchema);
}

export function login(input: LoginRequest): Promise<SessionResponse> {
  return apiRequest('/api/auth/login', { method: 'POST', body: input }, sessionResponseSchema);
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}

export function useSignOutMutation() {
  return useMutation({ mutationFn: signOut });
}
