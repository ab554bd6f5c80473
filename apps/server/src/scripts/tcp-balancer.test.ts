import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTcpBalancer, type Backend, type TcpBalancer } from './tcp-balancer';
import { freePort } from '../shared/free-port';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A TCP server that answers every line with `<name>:<line>`. */
async function backend(name: string, port = 0): Promise<Backend & { connections: number; stop: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const state = { connections: 0 };
  const server = net.createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => socket.write(`${name}:${data}`));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  cleanups.push(async () => {
    if (server.listening) await stop();
  });
  return {
    host: '127.0.0.1',
    port: (server.address() as net.AddressInfo).port,
    get connections() {
      return state.connections;
    },
    stop,
  };
}

async function balancer(backends: Backend[], changes: string[] = [], downForMs = 2_000): Promise<TcpBalancer> {
  const started = await startTcpBalancer({
    backends,
    port: 0,
    downForMs,
    connectTimeoutMs: 500,
    onBackendChange: (target, up) => changes.push(`${target.port}:${up ? 'up' : 'down'}`),
  });
  cleanups.push(() => started.close());
  return started;
}

/** Connects through the balancer, sends `line` at once and answers the first reply (or 'closed'). */
function ask(port: number, line: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    socket.write(line);
    socket.once('data', (data: string) => {
      socket.destroy();
      resolve(data);
    });
    socket.once('close', () => resolve('closed'));
    socket.on('error', () => undefined);
  });
}

describe('TCP balancer', () => {
  it('hands connections to the backends in turn, bytes sent before the backend answered included', async () => {
    const a = await backend('a');
    const b = await backend('b');
    const lb = await balancer([a, b]);
    const answers = [];
    for (let index = 0; index < 4; index += 1) answers.push(await ask(lb.port, `hello${index}`));
    expect(answers).toEqual(['a:hello0', 'b:hello1', 'a:hello2', 'b:hello3']);
  });

  it('skips a backend whose connect fails, and tries it again later', async () => {
    const deadPort = await freePort();
    const b = await backend('b');
    const changes: string[] = [];
    const lb = await balancer([{ host: '127.0.0.1', port: deadPort }, b], changes, 300);
    const answers = [];
    for (let index = 0; index < 4; index += 1) answers.push(await ask(lb.port, 'x'));
    expect(answers).toEqual(['b:x', 'b:x', 'b:x', 'b:x']);
    expect(changes).toEqual([`${deadPort}:down`]);
    expect(lb.healthy()).toEqual([b]);

    // The node comes back on its port: once the pause is over it gets its turn again.
    await backend('a', deadPort);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const later = [];
    for (let index = 0; index < 4; index += 1) later.push(await ask(lb.port, 'y'));
    expect(later.sort()).toEqual(['a:y', 'a:y', 'b:y', 'b:y']);
    expect(changes).toEqual([`${deadPort}:down`, `${deadPort}:up`]);
  });

  it('closes the client when no backend answers', async () => {
    const lb = await balancer([
      { host: '127.0.0.1', port: await freePort() },
      { host: '127.0.0.1', port: await freePort() },
    ]);
    expect(await ask(lb.port, 'anyone?')).toBe('closed');
  });

  it('passes HTTP upgrades (WebSocket) through and keeps the stream open both ways', async () => {
    const server = http.createServer((_request, response) => response.end('plain'));
    server.on('upgrade', (_request, socket: net.Socket) => {
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
      socket.on('data', (data) => socket.write(`echo:${data.toString()}`));
      // The HTTP server keeps upgraded sockets half-open: end ours when the peer ends, as a WebSocket server does.
      socket.on('end', () => socket.end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const lb = await balancer([{ host: '127.0.0.1', port: (server.address() as net.AddressInfo).port }]);

    const plain = await fetch(`http://127.0.0.1:${lb.port}/`);
    expect(await plain.text()).toBe('plain');

    const upgraded = await new Promise<net.Socket>((resolve, reject) => {
      const request = http.request({
        port: lb.port,
        host: '127.0.0.1',
        headers: { connection: 'Upgrade', upgrade: 'websocket' },
      });
      request.on('upgrade', (response, socket) => {
        expect(response.statusCode).toBe(101);
        resolve(socket);
      });
      request.on('error', reject);
      request.end();
    });
    const replies: string[] = [];
    upgraded.on('data', (data: Buffer) => replies.push(data.toString()));
    upgraded.write('one');
    await expect.poll(() => replies.join('')).toBe('echo:one');
    upgraded.write('two');
    await expect.poll(() => replies.join('')).toBe('echo:oneecho:two');
    upgraded.destroy();
  });

  it('ends the piped connections when it closes', async () => {
    const a = await backend('a');
    const lb = await startTcpBalancer({ backends: [a], port: 0 });
    const client = net.connect(lb.port, '127.0.0.1');
    client.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    await expect.poll(() => a.connections).toBe(1);
    await lb.close();
    await closed;
  });

  it('refuses an empty list of backends', async () => {
    await expect(startTcpBalancer({ backends: [], port: 0 })).rejects.toThrow(RangeError);
  });
});
