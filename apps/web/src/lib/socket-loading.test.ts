import { PROTOCOL_VERSION } from '@shifumi/protocol';
import { describe, expect, it, vi } from 'vitest';
import { signInAs } from '../test/render-app';

// The network edge: socket.io-client, fetched on first use, is replaced by the play tests' fake.
vi.mock('socket.io-client', () => import('../test/fake-socket'));

const fake = await import('../test/fake-socket');
const socketModule = await import('./socket');

describe('the realtime client, fetched after the first paint', () => {
  it('opens the connections asked for before it arrived, and sends what was emitted meanwhile, in order', async () => {
    signInAs('token-1');
    expect(socketModule.connectPublicSocket()).toBeNull();
    expect(socketModule.emitToServer('search_game', { character: 'Character1', amount: 5 })).toBe(true);
    expect(socketModule.emitToServer('cancel_search')).toBe(true);
    expect(fake.createdSockets).toHaveLength(0);

    await socketModule.loadRealtimeClient();

    expect(fake.createdSockets.map((socket) => socket.options.path)).toEqual(['/public', '/socket.io']);
    const signedIn = fake.authenticatedServer().socket;
    expect(signedIn.auth).toEqual({ token: 'token-1', protocolVersion: PROTOCOL_VERSION });
    expect(signedIn.connected).toBe(true);
    expect(signedIn.sent).toEqual([['search_game', { character: 'Character1', amount: 5 }], ['cancel_search']]);
    // Loaded: everything is at once from now on.
    expect(socketModule.connectPublicSocket()).toBe(fake.publicServer().socket);
    socketModule.emitToServer('leave_game', { room: 'r' });
    expect(signedIn.sent.at(-1)).toEqual(['leave_game', { room: 'r' }]);
    socketModule.disconnectAuthenticatedSocket();
  });

  it('sends nothing without a session', () => {
    expect(socketModule.emitToServer('cancel_search')).toBe(false);
  });
});
