/**
 * Issue 29: players for the fault tests that run real server processes —
 * written straight into the database (no argon2: hundreds of them), each with
 * a session, an access token and funds through the ledger — and bots that
 * play as the web app does: one socket that reconnects by itself, a random
 * choice each round, and (while `keepPlaying`) a new search as soon as a game
 * ends, so that the number of games running stays up through the fault.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  SOCKET_PATH,
  type BetAmount,
  type Choice,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@shifumi/protocol';
import { io as connect, type Socket } from 'socket.io-client';
import type { Database } from '../../src/infra/db/database';
import { sessions, users } from '../../src/infra/db/schema/index';
import { createAccessTokens } from '../../src/modules/auth/access-tokens';
import { generateReferralCode } from '../../src/modules/auth/referral-codes';
import { LedgerAccounts } from '../../src/modules/ledger/ledger-accounts';
import { transfer } from '../../src/modules/ledger/ledger.service';

type BotSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const CHOICES: Choice[] = ['rock', 'paper', 'scissors'];
/** Refusals that say "try again in a moment": the game changes node, the node restarts, the database is briefly away. */
const RETRIED: ReadonlySet<string> = new Set(['moving', 'restarting', 'internal_error', 'service_unavailable']);

export interface SeededPlayer {
  id: string;
  token: string;
}

/** `count` players with a session and `funding` wei each, in batches (one transaction per player). */
export async function seedPlayers(
  db: Database,
  secret: string,
  count: number,
  funding: bigint,
  label: string,
): Promise<SeededPlayer[]> {
  const tokens = createAccessTokens({ secret, clock: () => new Date() });
  const seedOne = async (): Promise<SeededPlayer> => {
    const [user] = await db
      .insert(users)
      .values({ name: `${label}${randomBytes(4).toString('hex')}`, referralCode: generateReferralCode() })
      .returning({ id: users.id });
    const sessionId = randomUUID();
    await db.insert(sessions).values({ id: sessionId, userId: user!.id });
    await db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `fault-fund:${user!.id}`,
        kind: 'deposit',
        legs: [{ from: LedgerAccounts.deposits, to: LedgerAccounts.user(user!.id), amount: funding }],
      }),
    );
    return { id: user!.id, token: await tokens.issue({ userId: user!.id, sessionId }) };
  };
  const players: SeededPlayer[] = [];
  while (players.length < count) {
    players.push(...(await Promise.all(Array.from({ length: Math.min(8, count - players.length) }, seedOne))));
  }
  return players;
}

/** A player as the web app is one (see the file's comment). */
export class FaultBot {
  readonly socket: BotSocket;
  room: string | undefined;
  /** Every game this bot was matched in. */
  readonly rooms = new Set<string>();
  reconnections = 0;
  /** With SHIFUMI_FAULT_LOG_DIR set: what happened to this player, timed (connections, games, refusals). */
  readonly timeline: string[] = [];
  keepPlaying = false;
  /** While paused the player thinks without choosing (the round's deadline is the test's to make long enough). */
  paused = false;
  private wantsChoice = false;
  private lastSearch = 0;
  private readonly watchdog: NodeJS.Timeout;

  constructor(
    readonly id: string,
    token: string,
    url: string,
    private readonly amount: BetAmount = 1,
    /** How long the player thinks before choosing (ms, from..to): slow players keep many games running at once. */
    private readonly thinkMs: readonly [number, number] = [0, 300],
  ) {
    this.socket = connect(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      forceNew: true,
      auth: { token },
      reconnectionDelay: 200,
      reconnectionDelayMax: 1_000,
    });
    this.socket.on('disconnect', (reason) => this.note(`disconnect ${reason}`));
    this.socket.on('connect', () => this.note('connect'));
    this.socket.on('opponent_connection', (event) => this.note(`opponent ${event.room} ${event.connected}`));
    this.socket.on('game_found', (event) => {
      this.note(`game_found ${event.room}`);
      this.room = event.room;
      this.rooms.add(event.room);
    });
    this.socket.on('new_round', () => this.chooseSoon());
    this.socket.on('game_state', (state) => {
      this.note(`game_state ${state.room} r${state.round}`);
      this.room = state.room;
      this.rooms.add(state.room);
      if (!state.choiceLocked) this.chooseSoon();
    });
    this.socket.on('round_end', (event) => {
      if (!event.gameOver) return;
      this.note(`over ${this.room}`);
      this.room = undefined;
      if (this.keepPlaying) setTimeout(() => this.search(), randomInt(50, 400));
    });
    this.socket.on('game_dead', () => {
      this.room = undefined;
    });
    // As the web app does (lib/socket.ts): a refusal the server asks to retry (its database restarting) is tried again.
    this.socket.on('connect_error', (error) => {
      this.note(`connect_error ${error.message}`);
      if ((error as Error & { data?: { retry?: unknown } }).data?.retry === true) setTimeout(() => this.socket.connect(), 1_000);
    });
    this.socket.io.on('reconnect', () => {
      this.reconnections += 1;
    });
    this.socket.on('error', (answer) => {
      this.note(`error ${JSON.stringify(answer)}`);
      // As a player does after "Your game is moving…", "The server is restarting…" or "Something went wrong… try again":
      // choose again a moment later. A final answer (already chosen, too late, game over, not in a game) is not
      // retried — retrying it every 400 ms was a storm of actions the web app never sends (a search is retried by the watchdog).
      if (this.room && RETRIED.has(answer.code)) setTimeout(() => this.choose(), 1_000);
    });
    // A search refused or lost (the node restarting, the database away): searched again while playing on.
    this.watchdog = setInterval(() => {
      if (this.keepPlaying && this.room === undefined && this.socket.connected && Date.now() - this.lastSearch > 4_000)
        this.search();
    }, 1_000);
    this.watchdog.unref();
  }

  private note(what: string): void {
    if (process.env.SHIFUMI_FAULT_LOG_DIR) this.timeline.push(`${new Date().toISOString()} ${what}`);
  }

  connected(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve) => this.socket.once('connect', () => resolve()));
  }

  chooseSoon(): void {
    setTimeout(() => this.choose(), randomInt(this.thinkMs[0], this.thinkMs[1] + 1));
  }

  choose(): void {
    if (this.paused) {
      this.wantsChoice = true;
      return;
    }
    this.wantsChoice = false;
    if (this.room && this.socket.connected) this.socket.emit('make_choice', { room: this.room, choice: CHOICES[randomInt(3)]! });
  }

  /** Plays again after `paused` (a test holding every game in its first round until all have started). */
  resume(): void {
    this.paused = false;
    if (this.wantsChoice) this.chooseSoon();
  }

  search(): void {
    this.lastSearch = Date.now();
    this.socket.emit('search_game', { character: 'Character1', amount: this.amount });
  }

  close(): void {
    this.keepPlaying = false;
    clearInterval(this.watchdog);
    this.socket.disconnect();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(200);
  }
}
