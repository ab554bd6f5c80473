/**
 * The one test double for the network: a fake `fetch` that routes requests
 * to a handler and records every call.
 */
import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type FetchHandler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}

export function installFetch(handler: FetchHandler) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const request: RecordedRequest = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url,
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    requests.push(request);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** A JWT-shaped token whose payload carries `exp` in seconds (the signature is not checked by the client). */
export function makeToken(expSeconds: number, subject = 'user-1'): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: subject, sid: 's', iat: expSeconds - 900, exp: expSeconds })}.signature`;
}

/** A full account answer (GET /api/account) with `overrides`. */
export function accountFixture(overrides: Record<string, unknown> = {}) {
  return {
    user: { id: 'user-1', name: 'Ada Player', email: 'ada@example.com', walletAddress: '0x8ba1f109551bd432803012645ac136ddd64dba72' },
    referralCode: 'ABCD2345',
    emailVerified: true,
    balance: 1.5,
    balanceWei: '1500000000000000000',
    gameHistory: [],
    deposits: [],
    withdrawals: [],
    linkedAddress: null,
    ...overrides,
  };
}

/** GET /api/price at 3000 USD (fixed, fresh). */
export const priceFixture = { ethUsd: 3000, updatedAt: '2026-11-23T00:00:00.000Z', source: 'fixed', stale: false };
/** GET /api/config on the development chain. */
export const configFixture = { chain: { id: 31337, name: 'Foundry', development: true }, depositConfirmations: 1 };

const BACKGROUND_READS = new Set(['/api/account', '/api/price', '/api/config', '/api/transactions']);

/**
 * The reads the pages make on their own (account, price, chain config,
 * recent transactions), answered with fixtures; undefined for anything else.
 */
export function backgroundReads(request: RecordedRequest, account: unknown = accountFixture()): Response | undefined {
  if (request.method !== 'GET') return undefined;
  if (request.url === '/api/account') return jsonResponse(200, account);
  if (request.url === '/api/price') return jsonResponse(200, priceFixture);
  if (request.url === '/api/config') return jsonResponse(200, configFixture);
  if (request.url === '/api/transactions') return jsonResponse(200, []);
  return undefined;
}

/** The requests a test is about: everything but the background reads. */
export function actionRequests(requests: readonly RecordedRequest[]): RecordedRequest[] {
  return requests.filter((request) => !(request.method === 'GET' && BACKGROUND_READS.has(request.url)));
}
