/** Small helpers that drive the API through `app.inject`, the real HTTP stack without a socket. */
import { randomBytes } from 'node:crypto';
import { REFRESH_TOKEN_COOKIE, type SessionResponse } from '@shifumi/protocol';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix = 'player'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

/** Issue 19: sign-up confirms the age and accepts the Terms. */
export const ACCEPTED = { ageConfirmed: true, termsAccepted: true } as const;

export interface Credentials {
  name: string;
  email: string;
  password: string;
}

export function postJson(t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.fastify.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** Registers a new account and checks it worked. */
export async function signUp(
  t: TestApp,
  overrides: Partial<Credentials> & { referralCode?: string } = {},
  headers: Record<string, string> = {},
): Promise<Credentials> {
  const credentials = { name: 'Ann', email: uniqueEmail(), password: PASSWORD, ...overrides };
  const response = await postJson(t, '/api/auth/register', { ...credentials, ...ACCEPTED }, headers);
  if (response.statusCode !== 201) throw new Error(`register answered ${response.statusCode}: ${response.body}`);
  return credentials;
}

export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === REFRESH_TOKEN_COOKIE)?.value;
}

export interface SignedIn extends SessionResponse {
  refreshToken: string;
}

export async function signIn(
  t: TestApp,
  credentials: Pick<Credentials, 'email' | 'password'>,
  headers: Record<string, string> = {},
): Promise<SignedIn> {
  const response = await postJson(t, '/api/auth/login', { email: credentials.email, password: credentials.password }, headers);
  if (response.statusCode !== 200) throw new Error(`login answered ${response.statusCode}: ${response.body}`);
  const refreshToken = refreshCookieOf(response);
  if (!refreshToken) throw new Error('login set no refresh cookie');
  return { ...(response.json() as SessionResponse), refreshToken };
}

export function refresh(t: TestApp, refreshToken: string | undefined) {
  return t.app.fastify.inject({
    method: 'POST',
    url: '/api/auth/refresh-token',
    ...(refreshToken === undefined ? {} : { cookies: { [REFRESH_TOKEN_COOKIE]: refreshToken } }),
  });
}

export function getAccount(t: TestApp, authorization: string | undefined) {
  return t.app.fastify.inject({
    method: 'GET',
    url: '/api/account',
    headers: authorization === undefined ? {} : { authorization },
  });
}
