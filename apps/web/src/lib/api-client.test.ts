import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, messageResponseSchema } from '@shifumi/protocol';
import { installFetch, jsonResponse } from '../test/fetch-mock';
import { signInAs, testUser } from '../test/render-app';
import { REFRESH_TOKEN_PATH, apiRequest } from './api-client';
import { ApiError, userFacingMessage } from './api-error';
import { protocolSchema } from './protocol-schemas';
import { getSession } from './session-store';

const ACCOUNT = '/api/account';

function refreshCalls(requests: { url: string }[]) {
  return requests.filter((request) => request.url === REFRESH_TOKEN_PATH);
}

describe('apiRequest', () => {
  beforeEach(() => {
    signInAs('old-token');
  });

  it('sends the access token in Authorization without a prefix, and JSON', async () => {
    const { requests } = installFetch(() => jsonResponse(200, { ok: true }));
    await expect(apiRequest('/api/submit-form', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    expect(requests[0]?.headers.authorization).toBe('old-token');
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(requests[0]?.body).toEqual({ a: 1 });
  });

  it('answers a 403 with exactly one refresh and one retry carrying the new token', async () => {
    const { requests } = installFetch((request) => {
      if (request.url === REFRESH_TOKEN_PATH) return jsonResponse(200, { accessToken: 'new-token', user: testUser });
      return request.headers.authorization === 'new-token'
        ? jsonResponse(200, { balance: 1 })
        : jsonResponse(403, { message: 'expired' });
    });

    await expect(apiRequest(ACCOUNT)).resolves.toEqual({ balance: 1 });

    expect(requests.map((request) => [request.url, request.headers.authorization ?? null])).toEqual([
      [ACCOUNT, 'old-token'],
      [REFRESH_TOKEN_PATH, null],
      [ACCOUNT, 'new-token'],
    ]);
    expect(requests[1]?.method).toBe('POST');
    expect(requests[1]?.credentials).toBe('include');
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new-token');
    expect(getSession().accessToken).toBe('new-token');
  });

  it('does not refresh a second time when the retry is refused again', async () => {
    const { requests } = installFetch((request) =>
      request.url === REFRESH_TOKEN_PATH
        ? jsonResponse(200, { accessToken: 'new-token' })
        : jsonResponse(403, { message: 'Forbidden for good' }),
    );

    const failure = await apiRequest(ACCOUNT).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
    expect(refreshCalls(requests)).toHaveLength(1);
    expect(requests.filter((request) => request.url === ACCOUNT)).toHaveLength(2);
  });

  it('signs out and rejects when the refresh is refused', async () => {
    const { requests } = installFetch((request) =>
      request.url === REFRESH_TOKEN_PATH
        ? jsonResponse(401, { message: 'Your session has expired. Please sign in again.' })
        : jsonResponse(403, { message: 'expired' }),
    );

    const failure = await apiRequest(ACCOUNT).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).serverMessage).toBe('Your session has expired. Please sign in again.');
    expect(requests.filter((request) => request.url === ACCOUNT)).toHaveLength(1);
    expect(getSession()).toEqual({ accessToken: null, user: null, wallet: null });
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    installFetch((request) => {
      if (request.url === REFRESH_TOKEN_PATH) throw new TypeError('Failed to fetch');
      return jsonResponse(403, {});
    });

    await expect(apiRequest(ACCOUNT)).rejects.toBeInstanceOf(ApiError);
    expect(getSession().accessToken).toBe('old-token');
  });

  it('makes concurrent 403s share one refresh', async () => {
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { requests } = installFetch(async (request) => {
      if (request.url === REFRESH_TOKEN_PATH) {
        await refreshGate;
        return jsonResponse(200, { accessToken: 'new-token', user: testUser });
      }
      return request.headers.authorization === 'new-token' ? jsonResponse(200, { url: request.url }) : jsonResponse(403, {});
    });

    const all = Promise.all([apiRequest('/api/a'), apiRequest('/api/b'), apiRequest('/api/c')]);
    // Let every first attempt come back 403 before the refresh answers.
    await new Promise((resolve) => setTimeout(resolve, 10));
    releaseRefresh();

    await expect(all).resolves.toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(refreshCalls(requests)).toHaveLength(1);
    expect(requests.filter((request) => request.headers.authorization === 'new-token')).toHaveLength(3);
  });

  it('does not refresh on other refusals and keeps the server message', async () => {
    const { requests } = installFetch(() =>
      jsonResponse(409, { message: 'An account with this e-mail address already exists.' }),
    );

    const failure = await apiRequest('/api/auth/register', { method: 'POST', body: {} }).catch((error: unknown) => error);

    expect(refreshCalls(requests)).toHaveLength(0);
    expect(userFacingMessage(failure)).toBe('An account with this e-mail address already exists.');
    expect(getSession().accessToken).toBe('old-token');
  });

  it('falls back to the generic text when the answer has no message', async () => {
    installFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const failure = await apiRequest(ACCOUNT).catch((error: unknown) => error);
    expect(userFacingMessage(failure)).toBe('Une erreur est survenue.');
  });

  it('checks the answer with the given schema', async () => {
    installFetch(() => jsonResponse(200, { unexpected: true }));
    await expect(apiRequest(ACCOUNT, {}, messageResponseSchema)).rejects.toThrow();
  });

  it('loads a schema from the protocol while the request runs, and checks the answer with it', async () => {
    installFetch(() => jsonResponse(200, { message: 'ok', extra: 'dropped' }));
    const parser = protocolSchema((protocol) => protocol.messageResponseSchema);
    await expect(apiRequest(ACCOUNT, {}, parser)).resolves.toEqual({ message: 'ok' });
    installFetch(() => jsonResponse(200, { unexpected: true }));
    await expect(apiRequest(ACCOUNT, {}, parser)).rejects.toThrow();
  });

  it('reports the refusal, not a schema that could not be loaded meanwhile', async () => {
    installFetch(() => jsonResponse(400, { message: 'Refused.' }));
    const failing = vi.fn(() => Promise.reject(new Error('chunk failed to load')));
    const failure = await apiRequest(ACCOUNT, {}, failing).catch((error: unknown) => error);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(userFacingMessage(failure)).toBe('Refused.');
  });
});
