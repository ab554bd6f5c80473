/**
 * Issue 29 (soak): an ended game's player rooms are left, a while after the
 * end, so a long-lived socket does not keep the room of every game it played.
 * A real Socket.IO server and client.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { playerRoom } from '../modules/games/game-events';
import { createGameEvents } from './game-events';
import type { GameServer, PublicServer } from './servers';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serverWithOneSocket(): Promise<{ io: GameServer; socketId: string }> {
  const http = createServer();
  const io = new Server(http) as unknown as GameServer;
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true });
  closers.push(async () => {
    client.disconnect();
    await io.close();
  });
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  return { io, socketId: client.id! };
}

describe('GameEvents.unseat', () => {
  it("takes both players out of the ended game's rooms after the delay, not before, and leaves their other rooms", async () => {
    const { io, socketId } = await serverWithOneSocket();
    const events = createGameEvents(io, {} as PublicServer, { unseatAfterMs: 200 });
    events.seat('game-1', 'user-a', socketId);
    events.seat('game-2', 'user-a', socketId);
    const rooms = io.of('/').adapter.rooms;
    const waitFor = async (check: () => boolean) => {
      for (let tries = 0; tries < 50 && !check(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      return check();
    };
    expect(await waitFor(() => rooms.has(playerRoom('game-1', 'user-a')) && rooms.has(playerRoom('game-2', 'user-a')))).toBe(
      true,
    );

    events.unseat!('game-1', ['user-a', 'user-b']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rooms.has(playerRoom('game-1', 'user-a')), 'kept a moment after the end').toBe(true);
    expect(await waitFor(() => !rooms.has(playerRoom('game-1', 'user-a')))).toBe(true);
    expect(rooms.has(playerRoom('game-2', 'user-a'))).toBe(true);
  });
});
