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
    user: {
      id: 'user-1',
      name: 'Ada Player',
      email: 'ada@example.com',
      walletAddress: '0x8ba1f109551bd432803012645ac136ddd64dba72',
    },
    referralCode: 'ABCD2345',
    referralCount: 2,
    emailVerified: true,
    balance: 1.5,
    balanceWei: '1500000000000000000',
    heldWei: '0',
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

/** GET /api/account/limits of a player who set nothing (issue 19). */
export const limitsFixture = {
  limits: ['deposit', 'loss', 'wager'].flatMap((kind) =>
    ['day', 'week', 'month'].map((period) => ({ kind, period, amountUsd: null, usedUsd: 0, pending: null })),
  ),
  realityCheckMinutes: 60,
  realityCheckPending: null,
  timeOut: null,
  selfExclusion: null,
  history: [],
};

const BACKGROUND_READS = new Set([
  '/api/chain/status',
  '/api/account',
  '/api/price',
  '/api/config',
  '/api/transactions',
  // Issue 24: home's open challenges.
  '/api/challenges',
  // Issue 13: the account page's Security section.
  '/api/account/security',
  '/api/account/sessions',
  '/api/account/withdrawal-addresses',
  // Issue 19: the account page's Responsible gaming section.
  '/api/account/limits',
  // Issue 26: the account status banner.
  '/api/account/status',
  // Issue 12: the withdraw form's fee quote.
  '/api/wallet/withdrawal-fee',
]);
/** Issue 12: the withdraw form's fee quote (21,000 gas at 3 gwei). */
export const withdrawalFeeFixture = { fee: '0.000063', feeWei: '63000000000000', minimum: '0.001', withdrawalsPerHour: 10 };

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
  if (request.url === '/api/challenges') return jsonResponse(200, { challenges: [] });
  if (request.url === '/api/account/limits') return jsonResponse(200, limitsFixture);
  if (request.url === '/api/account/status') return jsonResponse(200, { restrictions: [] });
  // Issue 13: the account page's Security section.
  if (request.url === '/api/account/security')
    return jsonResponse(200, { twoFactorEnabled: false, hasPassword: true, withdrawalsHeldUntil: null });
  if (request.url === '/api/account/sessions') return jsonResponse(200, []);
  if (request.url === '/api/account/withdrawal-addresses')
    return jsonResponse(200, { enabled: false, disablesAt: null, addresses: [] });
  if (request.url === '/api/wallet/withdrawal-fee') return jsonResponse(200, withdrawalFeeFixture);
  // Issue 29: deposits and withdrawals go through.
  if (request.url === '/api/chain/status') return jsonResponse(200, { delayed: false, since: null });
  return undefined;
}

/** The requests a test is about: everything but the background reads. */
export function actionRequests(requests: readonly RecordedRequest[]): RecordedRequest[] {
  return requests.filter((request) => !(request.method === 'GET' && BACKGROUND_READS.has(request.url)));
}
