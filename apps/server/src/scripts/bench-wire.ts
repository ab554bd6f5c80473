/**
 * Issue 30: what a server sends the bots, counted where they receive it —
 * every Socket.IO message a bot's engine.io socket gets, its bytes, and its
 * event name — so that `bench:games` compares the product's messages and
 * bytes per move with the bare referee's, event by event.
 */
import type { Socket } from 'socket.io-client';

export interface WireCount {
  messages: number;
  bytes: number;
  byEvent: Map<string, { messages: number; bytes: number }>;
}

export function createWireCount(): WireCount {
  return { messages: 0, bytes: 0, byEvent: new Map() };
}

/** Socket.IO packets that are not events, by their type digit. */
const PACKET_TYPES: Record<string, string> = { '0': 'connect', '1': 'disconnect', '3': 'ack', '4': 'connect_error' };

/** The event name of a Socket.IO event packet as engine.io carries it (`2["name",…]`, `2/ns,["name",…]`); else its type. */
function eventOf(data: string): string {
  const match = /^\d+(?:\/[^,]*,)?\d*\["([^"]+)"/.exec(data);
  return match ? match[1]! : (PACKET_TYPES[data.slice(0, 1)] ?? 'other packets');
}

/** Counts what `socket` receives into `count` while `counting()` says so. */
export function countWire(socket: Socket, count: WireCount, counting: () => boolean): void {
  socket.io.engine.on('packet', (packet: { type: string; data?: unknown }) => {
    if (packet.type !== 'message' || !counting()) return;
    const data = typeof packet.data === 'string' ? packet.data : '';
    const bytes = Buffer.byteLength(data);
    count.messages += 1;
    count.bytes += bytes;
    const name = eventOf(data);
    const entry = count.byEvent.get(name) ?? { messages: 0, bytes: 0 };
    entry.messages += 1;
    entry.bytes += bytes;
    count.byEvent.set(name, entry);
  });
}

/** Messages and bytes per move, in all and by event (most bytes first). */
export function wirePerMove(count: WireCount, moves: number) {
  const per = (value: number) => (moves > 0 ? Number((value / moves).toFixed(2)) : null);
  return {
    messagesPerMove: per(count.messages),
    bytesPerMove: per(count.bytes),
    byEvent: Object.fromEntries(
      [...count.byEvent]
        .sort((a, b) => b[1].bytes - a[1].bytes)
        .map(([name, entry]) => [name, { messagesPerMove: per(entry.messages), bytesPerMove: per(entry.bytes) }]),
    ),
  };
}
