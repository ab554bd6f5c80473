/**
 * Issue 12: half-open connections are closed. A client that sends half its
 * headers and stops, one that never sends its body, and a Socket.IO client
 * that opens its transport but never joins the namespace are all dropped
 * after the configured deadlines (shortened here), and the server still
 * answers everybody else.
 */
import net from 'node:net';
import { SOCKET_PATH } from '@shifumi/protocol';
import { Manager } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_TIMEOUTS } from '../src/http/connection-timeouts';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({
    timeouts: { headersMs: 400, requestMs: 800, keepAliveMs: 400, idleMs: 1_500, socketConnectMs: 500, checkEveryMs: 100 },
  });
  baseUrl = await t.listen();
});
afterAll(async () => {
  await t?.close();
});

/** Opens a raw TCP connection, writes `data`, and resolves with how long the server took to close it. */
function closedAfter(data: string, limitMs: number): Promise<number> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(data));
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Date.now() - started));
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${limitMs} ms`));
    }, limitMs).unref();
  });
}

describe('connection timeouts', () => {
  it('are chosen: headers 10 s, request 30 s, keep-alive 72 s, idle 75 s, Socket.IO connect 10 s', () => {
    expect(CONNECTION_TIMEOUTS).toMatchObject({
      headersMs: 10_000,
      requestMs: 30_000,
      keepAliveMs: 72_000,
      idleMs: 75_000,
      socketConnectMs: 10_000,
    });
  });

  it('closes a connection whose headers never end (slowloris)', async () => {
    expect(await closedAfter('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 5_000)).toBeLessThan(3_000);
  });

  it('closes a connection whose body never comes', async () => {
    const partial =
      'POST /api/submit-form HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na';
    expect(await closedAfter(partial, 5_000)).toBeLessThan(3_000);
  });

  it('closes a connection that says nothing at all', async () => {
    expect(await closedAfter('', 6_000)).toBeLessThan(4_000);
  });

  it('drops a Socket.IO client that opens its transport but never joins the namespace', async () => {
    const manager = new Manager(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      autoConnect: false,
    });
    const started = Date.now();
    const closed = new Promise<number>((resolve, reject) => {
      manager.open((error) => {
        if (error) reject(error);
      });
      manager.on('close', () => resolve(Date.now() - started));
    });
    // The transport is open; no namespace CONNECT is ever sent.
    expect(await closed).toBeLessThan(3_000);
  });

  it('still answers a normal request afterwards', async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    expect(response.status).toBe(200);
  });
});
