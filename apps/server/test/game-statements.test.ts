/**
 * Issue 30: what a game costs PostgreSQL in steady state, counted at the
 * driver's edge on a database of the test's own (support/statement-counter.ts):
 * every statement and every commit from the two searches to the settlement
 * told, for a sealed game of four rounds (a draw, then 2–1) played by
 * socket.io-client bots as the web app plays (commit, then reveal on request).
 * The players have already played one game (their accounts, the server's
 * caches and the connections are warm), as in `bench:games`.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Choice } from '@shifumi/protocol';
import { parseEther } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gameRow } from '../src/modules/games/game.service';
import { LedgerAccounts } from '../src/modules/ledger/ledger-accounts';
import { balanceOf } from '../src/modules/ledger/ledger.service';
import { stakeFor } from '../src/modules/matchmaking/matchmaking.service';
import { signIn, signUp } from './support/api';
import { createSockets, connected, fundUser, nextEvent as next, waitUntil, type PlayerSocket } from './support/sockets';
import { countStatements, type StatementCount, type StatementCounter } from './support/statement-counter';
import { createTestApp, type TestApp } from './support/test-app';
import { expectLedgerConsistent } from './support/test-chain';

/** The targets of issue 30, per game. */
const MAX_STATEMENTS_PER_GAME = 22;
const MAX_COMMITS_PER_GAME = 6;

const ROUND_MS = 4_000;
const MATCH_OPTIONS = { roundMs: ROUND_MS, graceMs: 100, revealMs: 50, reconnectGraceMs: ROUND_MS, revealWindowMs: 2_000 };
/** Periodic tasks that run whatever the players do (the mail outbox's pass, challenges expiring): reported, not counted. */
const BACKGROUND = /^(update "mail_outbox"|select .* from "mail_outbox"|update challenges set status = 'expired')/i;
const MICRO_USD_PER_ETH = 2_000_000_000n;
const BET_USD = 1;

interface Player {
  id: string;
  socket: PlayerSocket;
}

let t: TestApp;
let baseUrl: string;
let counter: StatementCounter | undefined;
const sockets = createSockets();
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ env: { ETH_USD_PRICE: '2000' }, matchOptions: MATCH_OPTIONS });
  baseUrl = await t.listen();
  counter = countStatements(new URL(t.databaseUrl!).pathname.slice(1), BACKGROUND);
});
afterEach(() => {
  sockets.closeAll();
});
afterAll(async () => {
  counter?.restore();
  await t?.close();
});

async function player(): Promise<Player> {
  const credentials = await signUp(t, { name: `Q${randomInt(1e6)}` });
  const session = await signIn(t, credentials);
  await fundUser(t.db, session.user.id, '1');
  const socket = sockets.open(baseUrl, session.accessToken);
  await connected(socket);
  return { id: session.user.id, socket };
}

/** Seals `choice` like the web app: the commitment now, the reveal on `reveal_request`. */
function seal(p: Player, room: string, round: number, choice: Choice): void {
  const salt = randomBytes(32).toString('hex');
  const commitment = createHash('sha256')
    .update(`shifumi-commit-v1|${room}|${round}|${p.id}|${choice}|${salt}`, 'utf8')
    .digest('hex');
  void next(p.socket, 'reveal_request').then(() => p.socket.emit('reveal_choice', { room, round, choice, salt }));
  p.socket.emit('commit_choice', { room, round, commitment });
}

/** A draw, then a wins, b wins, a wins: four rounds. */
const ROUNDS: Array<[Choice, Choice]> = [
  ['paper', 'paper'],
  ['rock', 'scissors'],
  ['rock', 'paper'],
  ['scissors', 'paper'],
];

type Mode = 'sealed' | 'plain';

/** Both search, the game is found, the rounds are played, and the settlement is told to both; answers the room. */
async function playGame(a: Player, b: Player, mode: Mode): Promise<string> {
  const found = next(a.socket, 'game_found');
  const firstRound = next(a.socket, 'new_round');
  a.socket.emit('search_game', { character: 'Character2', amount: BET_USD });
  await waitUntil(() => t.app.matchQueue.has(a.id));
  b.socket.emit('search_game', { character: 'Character3', amount: BET_USD });
  const { room } = await found;
  await firstRound;
  for (const [index, [choiceA, choiceB]] of ROUNDS.entries()) {
    const round = index + 1;
    const last = index === ROUNDS.length - 1;
    const result = next(a.socket, 'game_result');
    const nextRound = last ? undefined : next(a.socket, 'new_round');
    const told = last ? [next(a.socket, 'balance'), next(b.socket, 'balance')] : [];
    if (mode === 'sealed') {
      seal(a, room, round, choiceA);
      seal(b, room, round, choiceB);
    } else {
      a.socket.emit('make_choice', { room, choice: choiceA });
      b.socket.emit('make_choice', { room, choice: choiceB });
    }
    await result;
    await nextRound;
    await Promise.all(told);
  }
  return room;
}

/** Waits until the database has had no statement for 500 ms (more than the after-settlement hook's batching, 200 ms). */
async function quiet(): Promise<void> {
  for (let tries = 0; tries < 20; tries += 1) {
    const before = counter!.read().statements;
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (counter!.read().statements === before) return;
  }
  throw new Error('the database never went quiet');
}

/** Plays `games` games after a warm-up one, counting each from the searches to the end of what its settlement set off. */
async function countGames(a: Player, b: Player, mode: Mode, games: number): Promise<StatementCount[]> {
  const finished = async (room: string) => waitUntil(async () => (await gameRow(t.db, room))?.status === 'finished');
  await finished(await playGame(a, b, mode));
  await t.mailsTried();
  const counts: StatementCount[] = [];
  for (let game = 0; game < games; game += 1) {
    counter!.start();
    await quiet();
    counter!.start();
    const room = await playGame(a, b, mode);
    // Whatever the settlement sets off once told (the after-settlement hook) counts too.
    await quiet();
    counts.push(counter!.read());
    await finished(room);
  }
  return counts;
}

function describeCount(count: StatementCount): string {
  const lines = [...count.byText].sort((x, y) => y[1] - x[1]).map(([text, calls]) => `${String(calls).padStart(3)} × ${text}`);
  const alone = count.autocommits.map((text) => `      ${text}`);
  const background = [...count.background].map(([text, calls]) => `      ${calls} × ${text}`);
  return `${count.statements} statements, ${count.commits} commits:\n${lines.join('\n')}\n  committed alone:\n${alone.join('\n')}\n  background, not counted:\n${background.join('\n')}`;
}

describe.skipIf(!onPostgres)('a game in steady state, counted at the driver (issue 30; needs DATABASE_URL)', () => {
  it.each(['sealed', 'plain'] as const)(
    `a %s game of four rounds costs at most ${MAX_STATEMENTS_PER_GAME} statements and ${MAX_COMMITS_PER_GAME} commits`,
    async (mode) => {
      const a = await player();
      const b = await player();
      const counts = await countGames(a, b, mode, 2);
      const report = counts.map(describeCount).join('\n\n');
      console.log(`Issue 30, a ${mode} game:\n${report}`);

      // The money moved as it should: a won each game two rounds to one (the warm-up and the two counted).
      const stake = stakeFor(BET_USD, MICRO_USD_PER_ETH);
      expect(await balanceOf(t.db, LedgerAccounts.user(a.id))).toBe(parseEther('1') + 3n * stake);
      expect(await balanceOf(t.db, LedgerAccounts.user(b.id))).toBe(parseEther('1') - 3n * stake);
      await expectLedgerConsistent(t.db, undefined);

      for (const count of counts) {
        expect(count.statements, report).toBeLessThanOrEqual(MAX_STATEMENTS_PER_GAME);
        // Issue 30: a sealed round commits once, like a plain one (its reveal request is not stored, decision 060).
        expect(count.commits, report).toBeLessThanOrEqual(MAX_COMMITS_PER_GAME);
        // Issue 30: the start asks whether the two are linked with their lock, not in a round trip of its own.
        const texts = [...count.byText.keys()];
        expect(
          texts.filter((text) => /^select exists \(select 1 from user_devices/.test(text)),
          report,
        ).toEqual([]);
        expect(
          texts.filter((text) => /^select id::text as id, name, wallet_address, \(exists/.test(text)),
          report,
        ).toHaveLength(1);
      }
    },
  );
});
