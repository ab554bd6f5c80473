/**
 * The benchmark's baseline (`bench:games -- --baseline`): a bare Socket.IO 4
 * referee that keeps games in memory. Same wire as the product for what the
 * bots use — `search_game` pairs two sockets of one amount, `game_found`,
 * `new_round`, `make_choice` or (issue 30) the sealed `commit_choice`,
 * `leave_game` (bench:search's bots forfeit at once: `game_dead` to the winner),
 * `reveal_request` and `reveal_choice` (the reveal opened with SHA-256 as the
 * product does), `opponent_choice_locked`, `game_result` with every field the
 * product sends (seals and modes), `round_end`, a `balance` at the start and
 * the end — with the same pure engine
 * (@shifumi/game: the same rules and timing), the same input schemas, and
 * nothing else: no database, no ledger, no lease, no log. A player is the
 * `sub` of the bot's token, read without verifying it (bench only).
 *
 *   node --import tsx src/scripts/bench-referee.ts <port> [--instant]
 */
import { createServer } from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import { apply, createMatch, nextDeadline, type MatchAction, type MatchEffect, type MatchState } from '@shifumi/game';
import { commitmentPreimage } from '@shifumi/fairness';
import {
  commitChoiceSchema,
  leaveGameSchema,
  makeChoiceSchema,
  revealChoiceSchema,
  searchGameSchema,
  SOCKET_PATH,
  socketRefusalAnswer,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketRefusalAnswer,
} from '@shifumi/protocol';
import { Server, type Socket } from 'socket.io';
import { INSTANT_MATCH_OPTIONS } from './bench-timing';

type RefereeSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

interface Game {
  id: string;
  state: MatchState;
  players: [string, string];
  timer: NodeJS.Timeout | undefined;
}

const port = Number(process.argv[2]);
const instant = process.argv.includes('--instant');
const options = instant ? INSTANT_MATCH_OPTIONS : {};
const BALANCE = { balance: 1, balanceWei: (10n ** 18n).toString() };

const http = createServer((_request, response) => {
  response.writeHead(200).end('referee');
});
const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, { path: SOCKET_PATH, serveClient: false });
const games = new Map<string, Game>();
const waiting = new Map<number, { userId: string; socket: RefereeSocket; character: string }>();

function userOf(socket: RefereeSocket): string {
  const token = (socket.handshake.auth as { token?: unknown }).token;
  const payload = typeof token === 'string' ? token.split('.')[1] : undefined;
  if (!payload) return socket.id;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string }).sub;
}

function emitEffects(game: Game, effects: readonly MatchEffect[]): void {
  const both = io.to([`u:${game.players[0]}`, `u:${game.players[1]}`]);
  const other = (playerId: string) => (game.players[0] === playerId ? game.players[1] : game.players[0]);
  for (const effect of effects) {
    if (effect.type === 'newRound') both.emit('new_round', { round: effect.round, deadline: effect.deadline });
    else if (effect.type === 'choiceLocked')
      io.to(`u:${other(effect.playerId)}`).emit('opponent_choice_locked', { room: game.id });
    else if (effect.type === 'revealRequest')
      for (const playerId of effect.playerIds)
        io.to(`u:${playerId}`).emit('reveal_request', { room: game.id, round: effect.round });
    else if (effect.type === 'roundResult') {
      const { player1Id, player2Id, player1Choice, player2Choice, winnerId, player1Seal, player2Seal, player1Mode, player2Mode } =
        effect;
      both.emit('game_result', {
        player1Id,
        player2Id,
        player1Choice,
        player2Choice,
        winnerId,
        player1Seal,
        player2Seal,
        player1Mode,
        player2Mode,
      });
    } else if (effect.type === 'gameOver') {
      // A forfeit (bench:search's bots leave at once): the winner hears game_dead, as from the product.
      if ((effect.reason === 'forfeit-leave' || effect.reason === 'forfeit-disconnect') && effect.winnerId !== 'draw')
        io.to(`u:${effect.winnerId}`).emit('game_dead', { room: game.id });
    } else if (effect.type === 'roundEnd') {
      both.emit('round_end', {
        scores: effect.scores,
        gameOver: effect.gameOver,
        ...(effect.winnerId ? { winnerId: effect.winnerId } : {}),
      });
    }
  }
}

function step(game: Game, action: MatchAction): SocketRefusalAnswer | undefined {
  const result = apply(game.state, action);
  if (!result.ok) return { code: result.code, message: result.message };
  game.state = result.state;
  emitEffects(game, result.effects);
  if (game.timer) clearTimeout(game.timer);
  game.timer = undefined;
  if (game.state.phase === 'over') {
    games.delete(game.id);
    io.to([`u:${game.players[0]}`, `u:${game.players[1]}`]).emit('balance', BALANCE);
    return undefined;
  }
  const at = nextDeadline(game.state);
  if (at !== null) game.timer = setTimeout(() => step(game, { type: 'tick', now: Date.now() }), Math.max(0, at - Date.now()));
  return undefined;
}

io.on('connection', (socket: RefereeSocket) => {
  const userId = userOf(socket);
  void socket.join(`u:${userId}`);
  socket.on('search_game', (payload: unknown) => {
    const parsed = searchGameSchema.safeParse(payload);
    if (!parsed.success) return void socket.emit('error', socketRefusalAnswer({ code: 'invalid_payload' }));
    const { amount, character } = parsed.data;
    const partner = waiting.get(amount);
    if (!partner || partner.userId === userId) return void waiting.set(amount, { userId, socket, character });
    waiting.delete(amount);
    const id = randomUUID();
    const { state, effects } = createMatch({ id, players: [partner.userId, userId], now: Date.now(), options });
    const game: Game = { id, state, players: [partner.userId, userId], timer: undefined };
    games.set(id, game);
    const found = (opponent: string, opponentCharacter: string) => ({
      room: id,
      opponentCharacter,
      opponent: { id: opponent, name: 'Bot', walletAddress: null },
      amount,
      stakeEth: '0.0005',
    });
    partner.socket.emit('game_found', found(userId, character) as never);
    socket.emit('game_found', found(partner.userId, partner.character) as never);
    io.to([`u:${partner.userId}`, `u:${userId}`]).emit('balance', BALANCE);
    emitEffects(game, effects);
    const at = nextDeadline(state);
    if (at !== null) game.timer = setTimeout(() => step(game, { type: 'tick', now: Date.now() }), Math.max(0, at - Date.now()));
  });
  socket.on('make_choice', (payload: unknown) => {
    const parsed = makeChoiceSchema.safeParse(payload);
    const game = parsed.success ? games.get(parsed.data.room) : undefined;
    if (!parsed.success || !game) return void socket.emit('error', socketRefusalAnswer({ code: 'not_in_game' }));
    const refused = step(game, { type: 'choose', playerId: userId, choice: parsed.data.choice, now: Date.now() });
    if (refused) socket.emit('error', refused);
  });
  // bench:search: the bot that leaves at once (a forfeit).
  socket.on('leave_game', (payload: unknown) => {
    const parsed = leaveGameSchema.safeParse(payload);
    const game = parsed.success ? games.get(parsed.data.room) : undefined;
    if (!parsed.success || !game) return void socket.emit('error', socketRefusalAnswer({ code: 'not_in_game' }));
    const refused = step(game, { type: 'leave', playerId: userId, now: Date.now() });
    if (refused) socket.emit('error', refused);
  });
  socket.on('commit_choice', (payload: unknown) => {
    const parsed = commitChoiceSchema.safeParse(payload);
    const game = parsed.success ? games.get(parsed.data.room) : undefined;
    if (!parsed.success || !game) return void socket.emit('error', socketRefusalAnswer({ code: 'not_in_game' }));
    const { round, commitment } = parsed.data;
    const refused = step(game, { type: 'commit', playerId: userId, round, commitment, now: Date.now() });
    if (refused) socket.emit('error', refused);
  });
  socket.on('reveal_choice', (payload: unknown) => {
    const parsed = revealChoiceSchema.safeParse(payload);
    const game = parsed.success ? games.get(parsed.data.room) : undefined;
    if (!parsed.success || !game) return void socket.emit('error', socketRefusalAnswer({ code: 'not_in_game' }));
    const { room, round, choice, salt } = parsed.data;
    const opened = createHash('sha256').update(commitmentPreimage({ room, round, userId, choice, salt }), 'utf8').digest('hex');
    const refused = step(game, { type: 'reveal', playerId: userId, round, choice, salt, opened, now: Date.now() });
    if (refused) socket.emit('error', refused);
  });
});

http.listen(port, '127.0.0.1', () => process.stdout.write(`referee listening on ${port}\n`));
process.once('SIGTERM', () => {
  for (const game of games.values()) if (game.timer) clearTimeout(game.timer);
  void io.close(() => process.exit(0));
});
