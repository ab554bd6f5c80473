/**
 * Sign-up, sign-in and sign-out calls (spec S7) and their mutation hooks.
 */
import { useMutation } from '@tanstack/react-query';
import {
  loginResponseSchema,
  type LoginResponse,
  type LoginTwoFactorRequest,
  type ResetPasswordRequest,
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

/** A session, or (two-factor on) the challenge of the second step (issue 13). */
export function login(input: LoginRequest): Promise<LoginResponse> {
  return apiRequest('/api/auth/login', { method: 'POST', body: input }, loginResponseSchema);
}

/** Issue 13: the second step of a sign-in. */
export function loginSecondStep(input: LoginTwoFactorRequest): Promise<SessionResponse> {
  return apiRequest('/api/auth/login/2fa', { method: 'POST', body: input }, sessionResponseSchema);
}

export function forgotPassword(email: string): Promise<MessageResponse> {
  return apiRequest('/api/auth/forgot-password', { method: 'POST', body: { email } }, messageResponseSchema);
}

export function resetPassword(input: ResetPasswordRequest): Promise<MessageResponse> {
  return apiRequest('/api/auth/reset-password', { method: 'POST', body: input }, messageResponseSchema);
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}

export function useLoginSecondStepMutation() {
  return useMutation({ mutationFn: loginSecondStep });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}

export function useSignOutMutation() {
  return useMutation({ mutationFn: signOut });
}
