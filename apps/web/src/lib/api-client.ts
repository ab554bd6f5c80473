/**
 * The one way the web app talks to the HTTP API (spec S7, S8 "403").
 *
 * - Every request carries the stored access token in `Authorization`, without
 *   a prefix (S7.01), and speaks JSON.
 * - A 403 means the access token is missing, invalid or expired: the client
 *   refreshes it ONCE and retries the request ONCE. Concurrent 403s share the
 *   same refresh, because the server rotates refresh tokens and presenting a
 *   rotated one revokes the whole session family.
 * - When the refresh is refused the user is signed out and the call rejects.
 */
import { isPublicUser } from '@shifumi/protocol/guards';
import type { PublicUser } from '@shifumi/protocol';
import { ApiError, apiErrorFromResponse } from './api-error';
import { clearSession, getAccessToken, reloadSessionFromStorage, saveSession } from './session-store';
import { isTokenExpired } from './jwt';

export const REFRESH_TOKEN_PATH = '/api/auth/refresh-token';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON when present. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Anything with a zod-like `parse` — the response schemas of @shifumi/protocol. */
export interface ResponseParser<T> {
  parse: (data: unknown) => T;
}

/** A parser still to be loaded (see protocol-schemas.ts): loading starts with the request, in parallel. */
export type LazyResponseParser<T> = () => Promise<ResponseParser<T>>;

let refreshInFlight: Promise<string> | null = null;

/**
 * Obtains a new access token from the refresh cookie and stores it. Callers
 * arriving while a refresh is running get the same promise.
 */
export function refreshAccessToken(): Promise<string> {
  if (!refreshInFlight) {
    refreshInFlight = performRefresh().finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

async function performRefresh(): Promise<string> {
  const tokenThatFailed = getAccessToken();
  return withCrossTabRefreshLock(async () => {
    // Another tab may have refreshed while this one waited for the lock: reuse
    // its token rather than presenting the (now rotated) cookie a second time.
    reloadSessionFromStorage();
    const current = getAccessToken();
    if (current && current !== tokenThatFailed && !isTokenExpired(current)) return current;

    let response: Response;
    try {
      response = await fetch(REFRESH_TOKEN_PATH, {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
    } catch (cause) {
      // Offline or server unreachable: the session may still be good, keep it.
      throw new ApiError(0, null, { cause });
    }
    if (!response.ok) {
      const error = await apiErrorFromResponse(response);
      clearSession();
      throw error;
    }
    const session = parseRefreshAnswer(await response.json().catch(() => null));
    if (!session) {
      clearSession();
      throw new ApiError(response.status, null);
    }
    saveSession(session.accessToken, session.user, session.sessionWallet);
    return session.accessToken;
  });
}

/**
 * The refresh answer carries `accessToken` and, on some paths, `user` (S3.01);
 * ours also says which wallet, if any, the session is bound to.
 */
function parseRefreshAnswer(
  data: unknown,
): { accessToken: string; user: PublicUser | null; sessionWallet: string | null | undefined } | null {
  if (typeof data !== 'object' || data === null || !('accessToken' in data)) return null;
  const { accessToken } = data;
  if (typeof accessToken !== 'string' || accessToken === '') return null;
  const user = 'user' in data && isPublicUser(data.user) ? data.user : null;
  const wallet = 'sessionWallet' in data ? data.sessionWallet : undefined;
  return {
    accessToken,
    user,
    sessionWallet: typeof wallet === 'string' || wallet === null ? wallet : undefined,
  };
}

async function withCrossTabRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
  if (!locks) return task();
  return locks.request('shifumi-refresh-token', task);
}

async function send(path: string, options: ApiRequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A token given by the caller (a session not stored yet) wins over the stored one.
  if (token && headers.Authorization === undefined) headers.Authorization = token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, null, { cause });
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Calls the API; the answer is checked with `parser` when one is given. */
export function apiRequest<T>(
  path: string,
  options: ApiRequestOptions,
  parser: ResponseParser<T> | LazyResponseParser<T>,
): Promise<T>;
export function apiRequest(path: string, options?: ApiRequestOptions): Promise<unknown>;
export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions = {},
  parser?: ResponseParser<T> | LazyResponseParser<T>,
): Promise<T | unknown> {
  const ready = typeof parser === 'function' ? parser() : parser;
  // Awaited only once the answer is in; a refusal must not leave its failure unhandled meanwhile.
  if (ready instanceof Promise) ready.catch(() => undefined);
  let response = await send(path, options, getAccessToken());
  if (response.status === 403) {
    const freshToken = await refreshAccessToken();
    response = await send(path, options, freshToken);
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  const body = await readBody(response);
  const resolved = await ready;
  return resolved ? resolved.parse(body) : body;
}
