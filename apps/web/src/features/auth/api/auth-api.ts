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
import { forgetLocalSession } from '../../../lib/sign-out';

export function register(input: RegisterRequest): Promise<MessageResponse> {
  return apiRequest('/api/auth/register', { method: 'POST', body: input }, messageResponseSchema);
}

export function login(input: LoginRequest): Promise<SessionResponse> {
  return apiRequest('/api/auth/login', { method: 'POST', body: input }, sessionResponseSchema);
}

/**
 * Signs out of this browser: the server revokes the refresh token, and
 * whatever it answers the local session is cleared and the realtime
 * connection closed — a user who asked to leave must not stay signed in.
 */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('/api/auth/logout', { method: 'POST' });
  } catch (error) {
    console.error('Sign-out request failed; signing out locally anyway.', error);
  } finally {
    forgetLocalSession();
  }
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
