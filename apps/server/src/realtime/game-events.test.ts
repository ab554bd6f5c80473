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

async function serverWithOneSocket(): Promise<{ io: GameServer; socketId: string; client: ReturnType<typeof connect> }> {
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
  return { io, socketId: client.id!, client };
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

describe('GameEvents: a socket of this node is reached without the adapter', () => {
  it('seats and tells a local socket directly; only a socket of another node goes to every node', async () => {
    const { io, socketId, client } = await serverWithOneSocket();
    const adapter = io.of('/').adapter;
    // What a cluster adapter sends to every node: a broadcast, or sockets joined by a query.
    const toEveryNode: string[] = [];
    const { broadcast, addSockets } = adapter;
    adapter.broadcast = (packet, options) => {
      toEveryNode.push(`broadcast ${[...options.rooms].join(',')}`);
      broadcast.call(adapter, packet, options);
    };
    adapter.addSockets = (options, rooms) => {
      toEveryNode.push(`join ${[...options.rooms].join(',')}`);
      addSockets.call(adapter, options, rooms);
    };
    const events = createGameEvents(io, {} as PublicServer);
    const heard = new Promise((resolve) => client.once('game_found', resolve));
    events.seat('game-1', 'user-a', socketId);
    events.toSocket(socketId, 'game_found', { room: 'game-1' } as never);
    expect(await heard).toEqual({ room: 'game-1' });
    expect(io.of('/').adapter.rooms.get(playerRoom('game-1', 'user-a'))?.has(socketId)).toBe(true);
    // The user's other tabs may be on any node: that join still goes to every node; the searching socket's does not.
    expect(toEveryNode).toEqual(['join user:user-a']);
    events.toSocket('a-socket-of-another-node', 'game_found', { room: 'game-1' } as never);
    events.seat('game-2', 'user-b', 'a-socket-of-another-node');
    expect(toEveryNode.slice(1)).toEqual([
      'broadcast a-socket-of-another-node',
      'join a-socket-of-another-node',
      'join user:user-b',
    ]);
  });
});
