import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@shifumi/protocol';
import { installFetch, jsonResponse, makeToken } from '../test/fetch-mock';
import { signInAs, testUser } from '../test/render-app';
import { REFRESH_TOKEN_PATH } from './api-client';
import { startSession } from './session-startup';
import { getSession } from './session-store';

// A fixed clock: 2023-11-14T22:13:20Z, i.e. 1_700_000_000 seconds.
const NOW_MS = 1_700_000_000_000;
const NOW_SECONDS = NOW_MS / 1000;
const now = () => NOW_MS;

describe('startSession', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('does nothing without a stored token', async () => {
    const { requests } = installFetch(() => jsonResponse(500));
    const openSocket = vi.fn();
    await expect(startSession({ openSocket, now })).resolves.toBe('anonymous');
    expect(requests).toHaveLength(0);
    expect(openSocket).not.toHaveBeenCalled();
  });

  it('opens the socket with a token whose exp (seconds) is still ahead, without refreshing', async () => {
    const token = makeToken(NOW_SECONDS + 60);
    signInAs(token);
    const { requests } = installFetch(() => jsonResponse(500));
    const openSocket = vi.fn();

    await expect(startSession({ openSocket, now })).resolves.toBe('signed-in');

    expect(requests).toHaveLength(0);
    expect(openSocket).toHaveBeenCalledWith(token);
  });

  it('signs out when the token has expired and the refresh is refused', async () => {
    signInAs(makeToken(NOW_SECONDS - 1));
    const { requests } = installFetch(() => jsonResponse(401, { message: 'Your session has expired. Please sign in again.' }));
    const openSocket = vi.fn();

    await expect(startSession({ openSocket, now })).resolves.toBe('signed-out');

    expect(requests.map((request) => request.url)).toEqual([REFRESH_TOKEN_PATH]);
    expect(openSocket).not.toHaveBeenCalled();
    expect(getSession()).toEqual({ accessToken: null, user: null, wallet: null });
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });

  it('refreshes an expired token once and opens the socket with the new one', async () => {
    signInAs(makeToken(NOW_SECONDS - 3600));
    const fresh = makeToken(NOW_SECONDS + 900);
    const { requests } = installFetch(() => jsonResponse(200, { accessToken: fresh, user: testUser }));
    const openSocket = vi.fn();

    await expect(startSession({ openSocket, now })).resolves.toBe('signed-in');

    expect(requests).toHaveLength(1);
    expect(openSocket).toHaveBeenCalledWith(fresh);
    expect(getSession().accessToken).toBe(fresh);
  });

  it('treats an unreadable token as expired', async () => {
    signInAs('not-a-jwt');
    const { requests } = installFetch(() => jsonResponse(401, {}));
    await expect(startSession({ openSocket: vi.fn(), now })).resolves.toBe('signed-out');
    expect(requests).toHaveLength(1);
  });

  it('tries one refresh when the initialisation fails, then signs out if it fails again', async () => {
    signInAs(makeToken(NOW_SECONDS + 600));
    const refresh = vi.fn().mockRejectedValue(new Error('refused'));
    const openSocket = vi.fn(() => {
      throw new Error('socket could not start');
    });

    await expect(startSession({ openSocket, refresh, now })).resolves.toBe('signed-out');

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(getSession().accessToken).toBeNull();
  });
});
