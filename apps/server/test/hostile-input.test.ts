/**
 * Issue 12: the attacker's view, kept as a suite. fast-check throws arbitrary
 * JSON, strings with control, bidi and zero-width characters, lone
 * surrogates, huge and deeply nested values at every HTTP route (signed in and
 * not) and every client→server socket event, and checks that: nothing is ever
 * answered with a 5xx, every refusal is a `{message}` sentence, no balance
 * moves, the server never crashes and is healthy afterwards (it answers, a new
 * socket connects). Runs are bounded (numRuns) to keep `npm test` fast.
 */
import fc from 'fast-check';
import { isSocketRefusalCode, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@shifumi/protocol';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { parseEther } from 'viem';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/infra/db/schema/index';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { transfer } from '../src/modules/ledger/ledger.service';
import { signIn, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/test-app';
import { chainFor, startTestAnvil, type TestAnvil } from './support/test-chain';

let anvil: TestAnvil;
let t: TestApp;
let token: string;
let baseUrl: string;
let credentials: { email: string; password: string };

/** A new session of the test player (the hostile requests may sign it out everywhere). */
async function signInAgain(): Promise<string> {
  token = (await signIn(t, credentials)).accessToken;
  return token;
}

function encodePathPart(text: string): string {
  try {
    return encodeURIComponent(text.slice(0, 300)) || 'x';
  } catch {
    return 'x'; // a lone surrogate cannot be percent-encoded: no client can send it
  }
}

beforeAll(async () => {
  anvil = await startTestAnvil();
  t = await createTestApp({ chain: chainFor(anvil) });
  credentials = await signUp(t);
  const session = await signIn(t, credentials);
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, session.user.id));
  await t.db.transaction((tx) =>
    transfer(tx, {
      idempotencyKey: `test-deposit:${randomUUID()}`,
      kind: 'deposit',
      legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(session.user.id), amount: parseEther('1') }],
    }),
  );
  token = session.accessToken;
  baseUrl = await t.listen();
});
afterAll(async () => {
  await t?.close();
  await anvil?.dispose();
});

/** Every route the app serves (checked against Fastify's own list below), `:token` filled in by the test. */
const ROUTES: ReadonlyArray<readonly ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string]> = [
  ['GET', '/'],
  ['GET', '/api/auth/siwe/nonce'],
  ['GET', '/api/auth/siwe/link-nonce'],
  ['POST', '/api/auth/siwe/verify'],
  ['POST', '/api/auth/siwe/link'],
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/refresh-token'],
  ['POST', '/api/auth/resend-verification'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/logout'],
  ['POST', '/api/auth/logout-all'],
  ['GET', '/api/auth/verify-email/:token'],
  ['GET', '/api/account'],
  ['POST', '/api/account/email'],
  ['GET', '/api/account/status'],
  ['PATCH', '/api/account/preferences'],
  ['POST', '/api/submit-form'],
  ['GET', '/api/health'],
  ['GET', '/api/ready'],
  ['GET', '/api/chain/status'],
  ['GET', '/api/price'],
  ['GET', '/api/config'],
  ['POST', '/api/chain/rpc'],
  ['POST', '/api/wallet/cashout'],
  ['GET', '/api/wallet/withdrawal-fee'],
  ['GET', '/api/transactions'],
  ['GET', '/metrics'],
  // Issue 24: the lobby and challenges by link.
  ['GET', '/api/lobby'],
  ['POST', '/api/challenges'],
  ['GET', '/api/challenges'],
  ['GET', '/api/challenges/:id'],
  ['DELETE', '/api/challenges/:id'],
  ['POST', '/api/challenges/:id/accept'],
  // Issue 13: account security.
  ['POST', '/api/auth/login/2fa'],
  ['POST', '/api/auth/forgot-password'],
  ['POST', '/api/auth/reset-password'],
  ['GET', '/api/account/security'],
  ['POST', '/api/account/password'],
  ['POST', '/api/account/2fa/setup'],
  ['POST', '/api/account/2fa/enable'],
  ['POST', '/api/account/2fa/disable'],
  ['GET', '/api/account/sessions'],
  ['DELETE', '/api/account/sessions/:id'],
  ['GET', '/api/account/withdrawal-addresses'],
  ['POST', '/api/account/withdrawal-addresses'],
  ['POST', '/api/account/withdrawal-addresses/confirm'],
  ['POST', '/api/account/withdrawal-addresses/lock'],
  ['DELETE', '/api/account/withdrawal-addresses/:id'],
  // Issue 19: responsible gaming.
  ['GET', '/api/account/limits'],
  ['PUT', '/api/account/limits'],
  ['PUT', '/api/account/reality-check'],
  ['POST', '/api/account/time-out'],
  ['POST', '/api/account/self-exclusion'],
  ['POST', '/api/account/self-exclusion/end-request'],
  ['GET', '/api/account/statement'],
  // Issue 17: verifiable play.
  ['GET', '/api/fairness/key'],
  // Issue 28: proof of solvency.
  ['GET', '/api/solvency'],
  ['GET', '/api/solvency/history'],
  ['GET', '/api/solvency/snapshots/:id'],
  ['GET', '/api/solvency/proof'],
  ['POST', '/api/admin/solvency/snapshot'],
  ['POST', '/api/admin/solvency/reserve-signatures'],
  ['GET', '/api/games/:id/transcript'],
  // Issue 14: a game round by round.
  ['GET', '/api/games/:id'],
  // Issue 18: the operator's console (staff only) and the browser's device id.
  ['GET', '/api/admin/me'],
  ['GET', '/api/admin/overview'],
  ['POST', '/api/admin/ledger-check'],
  ['GET', '/api/admin/withdrawals'],
  ['POST', '/api/admin/withdrawals/:id/approve'],
  ['POST', '/api/admin/withdrawals/:id/reject'],
  ['GET', '/api/admin/players'],
  ['GET', '/api/admin/players/:userId'],
  ['POST', '/api/admin/players/:userId/freeze'],
  ['POST', '/api/admin/players/:userId/unfreeze'],
  ['POST', '/api/admin/players/:userId/revoke-sessions'],
  ['GET', '/api/admin/games'],
  ['GET', '/api/admin/games/:gameId'],
  ['GET', '/api/admin/games/:gameId/transcript'],
  ['GET', '/api/admin/stuck'],
  ['POST', '/api/admin/stuck/games/:gameId/take-over'],
  ['POST', '/api/admin/stuck/withdrawals/:id/fail-and-refund'],
  ['POST', '/api/admin/stuck/deposits/:id/credit'],
  ['GET', '/api/admin/flags'],
  ['POST', '/api/admin/flags/scan'],
  ['POST', '/api/admin/flags/:id/resolve'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/mails'],
  ['POST', '/api/admin/staff/grant'],
  ['POST', '/api/admin/staff/revoke'],
  ['POST', '/api/account/device'],
  // Development only (not served in production): the embedded database's deposit address for `npm run dev:deposit`.
  ['POST', '/api/dev/deposit-address'],
];

const hasBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';

/** Characters an attacker likes: C0/C1 controls, bidi controls, zero-width, BOM, lone surrogates, quotes. */
const NASTY = [
  '\u0000',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\ud800',
  '\udfff',
  '"',
  '\\',
  '<',
  '%',
  '\n',
  '\t',
  'é',
  '😀',
];
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...NASTY), maxLength: 40 }),
  fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...NASTY), fc.string({ maxLength: 10 })).map((parts) => parts.join('')),
  fc.constantFrom(
    '0.1',
    '1',
    '1e-18',
    '0x4a817c800',
    '-1',
    'NaN',
    '0xffffffffffffffff',
    '__proto__',
    'constructor',
    `0x${'a'.repeat(40)}`,
  ),
  fc.integer({ min: 1_000, max: 200_000 }).map((length) => 'x'.repeat(length)),
);
/** Arbitrary JSON built from those strings, including the fields the routes read. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyString,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom(
          'name',
          'email',
          'password',
          'message',
          'amount',
          'recipientAddress',
          'fee',
          'jsonrpc',
          'id',
          'method',
          'params',
          'room',
          'content',
          'character',
          'choice',
          'token',
          'language',
          '__proto__',
        ),
        nastyString,
      ),
      tie('value'),
      { maxKeys: 5 },
    ),
  ),
})).value;
/** Raw bodies: the JSON of a hostile value, deep nesting, broken JSON. */
const hostileBody = fc.oneof(
  hostileValue.map((value) => JSON.stringify(value) ?? 'null'),
  fc.integer({ min: 30, max: 50_000 }).map((depth) => `{"params":${'['.repeat(depth)}${']'.repeat(depth)}}`),
  fc.constantFrom('', '{', '{"a":', '[1,2', 'null', '"\\u0000"', '{"__proto__":{"x":1}}', '\u0000'),
);

async function ledgerBalances(): Promise<Record<string, string>> {
  const rows = await t.db.execute<{ code: string; balance: string }>(
    sql`SELECT code, balance::text AS balance FROM ledger_accounts ORDER BY code`,
  );
  return Object.fromEntries(rows.rows.map((row) => [row.code, row.balance]));
}

describe('hostile input over HTTP', () => {
  it('covers every route the app serves', () => {
    const printed = t.app.fastify.printRoutes({ commonPrefix: false });
    const served = [...printed.matchAll(/── (\S+) \(([A-Z, ]+)\)/g)].map((match) => match[1]!);
    // Fastify's tree: one line per path (a nested line is the end of its parent's path); ours lists the same paths.
    const lastPart = (path: string) => path.split('/').at(-1) || '/';
    expect(
      [...new Set(ROUTES.map(([, route]) => route))]
        .map((route) =>
          lastPart(route)
            .replace(/^logout-all$/, '-all')
            .replace(/^link-nonce$/, '-nonce'),
        )
        .sort(),
    ).toEqual(served.map(lastPart).sort());
  });

  it('never answers 5xx, always {message} on a refusal, and moves no money', async () => {
    const before = await ledgerBalances();
    const entries = await t.count('ledger_entries');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        hostileBody,
        fc.boolean(),
        nastyString,
        fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded'),
        async ([method, route], body, signedIn, pathPart, contentType) => {
          const url = route.replace(/:(token|id)$/, encodePathPart(pathPart));
          const response = await t.app.fastify.inject({
            method,
            url,
            headers: {
              ...(signedIn ? { authorization: token } : {}),
              ...(hasBody(method) ? { 'content-type': contentType } : {}),
              'idempotency-key': pathPart.slice(0, 200).replace(/[^\x20-\x7e]/g, '?'),
              // Issue 27: the language of the answer comes from this header too.
              'accept-language': pathPart.slice(0, 200).replace(/[^\x20-\x7e]/g, '?'),
            },
            ...(hasBody(method) ? { payload: body } : {}),
          });
          expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const answer = response.json<{ message?: unknown }>();
            expect(typeof answer.message).toBe('string');
            expect(answer.message).not.toMatch(/Invalid input|expected .* received|Unexpected token|at position/i);
          }
          if (signedIn && route.includes('/logout')) await signInAgain();
        },
      ),
      { numRuns: 400 },
    );
    expect(await ledgerBalances()).toEqual(before);
    expect(await t.count('ledger_entries')).toBe(entries);
  });

  it('says what is wrong with an empty or foreign JSON body in words for people, on every route that takes one', async () => {
    // The property above found `POST /api/account/device {}` answering zod's "Invalid input: expected string, received
    // undefined" once in a while: every route, every such body, every time.
    const said: string[] = [];
    for (const [method, route] of ROUTES.filter(([method]) => hasBody(method))) {
      for (const body of ['{}', '[]', '{"x":1}', 'null', '"text"', '42']) {
        for (const signedIn of [true, false]) {
          const url = route.replace(/:(token|id)$/, 'x');
          const response = await t.app.fastify.inject({
            method,
            url,
            headers: { ...(signedIn ? { authorization: token } : {}), 'content-type': 'application/json' },
            payload: body,
          });
          if (response.statusCode >= 400) {
            const message = response.json<{ message?: unknown }>().message;
            if (typeof message !== 'string' || /Invalid input|expected .* received|Unexpected token|at position/i.test(message))
              said.push(`${method} ${url} ${body} → ${String(message)}`);
          }
          if (signedIn && route.includes('/logout')) await signInAgain();
        }
      }
    }
    expect(said).toEqual([]);
  });
});

/** Socket payloads stay under the server's message limit (16 KB): bigger ones close the connection (tested apart). */
const socketValue = hostileValue.filter((value) => (JSON.stringify(value) ?? '').length < 12_000);

describe('hostile input over the socket', () => {
  const EVENTS = [
    'search_game',
    'cancel_search',
    'make_choice',
    'commit_choice',
    'reveal_choice',
    'send_reaction',
    'leave_game',
    'not_an_event',
  ] as const;

  async function connect(): Promise<Socket<ServerToClientEvents, ClientToServerEvents>> {
    await signInAgain();
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connectSocket(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  it('answers every malformed event with an error {code, message} of ours, never crashes, moves no money', async () => {
    const before = await ledgerBalances();
    const socket = await connect();
    const messages: unknown[] = [];
    socket.on('error', (payload) => messages.push(payload));
    try {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...EVENTS), fc.array(socketValue, { maxLength: 3 }), async (event, args) => {
          (socket.emit as (name: string, ...rest: unknown[]) => void)(event, ...args);
          if (event === 'search_game') (socket.emit as (name: string) => void)('cancel_search');
        }),
        { numRuns: 150 },
      );
      // Let the server answer everything sent.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(socket.connected).toBe(true);
    } finally {
      socket.disconnect();
    }
    expect(messages.length).toBeGreaterThan(0);
    for (const payload of messages) {
      // Issue 25: every refusal carries one of the protocol's codes beside its sentence.
      expect(payload).toEqual({ code: expect.any(String) as unknown, message: expect.any(String) as unknown });
      expect(isSocketRefusalCode((payload as { code: unknown }).code)).toBe(true);
      const { message } = payload as { message: string };
      expect(message.length).toBeGreaterThan(0);
      // Sentences for people, never the validation library's wording.
      expect(message).not.toMatch(/Invalid input|Invalid option|expected .* received|Too (big|small)|Unrecognized key/i);
    }
    expect(await ledgerBalances()).toEqual(before);
  });

  it('drops a socket whose message is over the size limit, and nothing else', async () => {
    const socket = await connect();
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    socket.emit('send_reaction', { room: 'x', content: 'x'.repeat(100_000) });
    await closed;
    const other = await connect();
    expect(other.connected).toBe(true);
    other.disconnect();
  });

  it('is healthy afterwards: it answers HTTP and a new socket connects', async () => {
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    const socket = await connect();
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });
});
