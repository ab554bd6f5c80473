import {
  leaveGameSchema,
  makeChoiceSchema,
  SOCKET_REFUSAL_TEXTS,
  type SocketRefusal,
  type SocketRefusalAnswer,
} from '@shifumi/protocol';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { bindSocketEvents, type EventSocket, type SocketEventTable } from './socket-event-table';

/** A small event map of the protocol's shape: one event with a payload (and an ack), one without. */
interface TestEvents {
  make_choice: (payload: z.infer<typeof makeChoiceSchema>, ack?: (answer: unknown) => void) => void;
  cancel_search: () => void;
}

/** A socket that records its listeners, so that a test can emit to them as a client would. */
function fakeSocket() {
  const listeners = new Map<string, (...args: unknown[]) => void>();
  let any: ((event: string, ...args: unknown[]) => void) | undefined;
  const socket: EventSocket = {
    on: (event, listener) => listeners.set(event, listener),
    onAny: (listener) => (any = listener),
  };
  return {
    socket,
    emit(event: string, ...args: unknown[]) {
      any?.(event, ...args);
      listeners.get(event)?.(...args);
    },
  };
}

function bind(
  handlers: {
    choose?: (payload: z.infer<typeof makeChoiceSchema>) => SocketRefusal | undefined | Promise<SocketRefusal | undefined>;
  } = {},
) {
  const { socket, emit } = fakeSocket();
  const refused: SocketRefusalAnswer[] = [];
  const failed: string[] = [];
  const choose = vi.fn(handlers.choose ?? (() => undefined));
  const cancel = vi.fn(() => undefined);
  const table: SocketEventTable<TestEvents, { userId: string }> = {
    make_choice: [makeChoiceSchema, (_context, payload) => choose(payload)],
    cancel_search: [z.unknown().transform((): undefined => undefined), () => cancel()],
  };
  bindSocketEvents(
    socket,
    table,
    { userId: 'ann' },
    { refuseUnknown: true, refuse: (answer) => refused.push(answer), failed: (event) => failed.push(event) },
  );
  return { emit, refused, failed, choose, cancel };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the socket event table (issue 25)', () => {
  it('parses each payload with its schema before the handler: a refused payload is answered with invalid_payload and the schema’s sentence', async () => {
    const { emit, refused, choose } = bind();
    emit('make_choice', { room: 'r1', choice: 'lizard' });
    await settle();
    expect(choose).not.toHaveBeenCalled();
    expect(refused).toEqual([{ code: 'invalid_payload', message: 'Choose rock, paper or scissors.' }]);
    emit('make_choice', 'not an object');
    await settle();
    expect(refused[1]).toEqual({ code: 'invalid_payload', message: SOCKET_REFUSAL_TEXTS.invalid_payload });
  });

  it('hands the handler the parsed payload, and tells a refusal by its code with its text at the edge', async () => {
    const { emit, refused, choose } = bind({ choose: () => ({ code: 'too-late' }) });
    emit('make_choice', { room: 'r1', choice: 'rock', extra: 'dropped' });
    await settle();
    expect(choose).toHaveBeenCalledWith({ room: 'r1', choice: 'rock' });
    expect(refused).toEqual([{ code: 'too-late', message: 'Too late: the time for this round is up.' }]);
  });

  it('answers in the acknowledgement when the client asked for one (with params said in words), never also as an error event', async () => {
    const { emit, refused } = bind({
      choose: () => ({ code: 'insufficient_balance', params: { stakeWei: 50_000_000_000_000_000n } }),
    });
    const ack = vi.fn();
    emit('make_choice', { room: 'r1', choice: 'rock' }, ack);
    await settle();
    expect(ack).toHaveBeenCalledWith({
      ok: false,
      code: 'insufficient_balance',
      message: 'Insufficient balance. You need at least 0.050000 ETH to play.',
    });
    expect(refused).toEqual([]);
  });

  it('acknowledges success with { ok: true }, and a refused payload in the acknowledgement too', async () => {
    const { emit } = bind();
    const done = vi.fn();
    emit('make_choice', { room: 'r1', choice: 'paper' }, done);
    const bad = vi.fn();
    emit('make_choice', { room: '' }, bad);
    await settle();
    expect(done).toHaveBeenCalledWith({ ok: true });
    expect(bad).toHaveBeenCalledWith({ ok: false, code: 'invalid_payload', message: 'Unknown game.' });
  });

  it('a handler that throws is logged once and answered internal_error', async () => {
    const { emit, refused, failed } = bind({
      choose: () => {
        throw new Error('database down');
      },
    });
    emit('make_choice', { room: 'r1', choice: 'rock' });
    await settle();
    expect(failed).toEqual(['make_choice']);
    expect(refused).toEqual([{ code: 'internal_error', message: SOCKET_REFUSAL_TEXTS.internal_error }]);
  });

  it('an event without a payload is registered through the table too; an event not in it is refused with unknown_event', async () => {
    const { emit, refused, cancel } = bind();
    emit('cancel_search');
    emit('search_everything', {});
    await settle();
    expect(cancel).toHaveBeenCalledOnce();
    expect(refused).toEqual([{ code: 'unknown_event', message: SOCKET_REFUSAL_TEXTS.unknown_event }]);
  });

  it('cannot be written without a schema per event (checked by the type checker: each line below must fail to compile)', () => {
    const handler = () => undefined;
    const tables: Array<SocketEventTable<TestEvents, undefined>> = [
      {
        // @ts-expect-error an event registered without its schema
        make_choice: [handler],
        cancel_search: [z.unknown().transform((): undefined => undefined), handler],
      },
      {
        // @ts-expect-error a handler alone, not a [schema, handler] pair
        make_choice: handler,
        cancel_search: [z.unknown().transform((): undefined => undefined), handler],
      },
      {
        // @ts-expect-error a schema whose output is not the event's payload
        make_choice: [leaveGameSchema, handler],
        cancel_search: [z.unknown().transform((): undefined => undefined), handler],
      },
      // @ts-expect-error an event of the map missing from the table
      { make_choice: [makeChoiceSchema, handler] },
    ];
    expect(tables).toHaveLength(4);
  });
});
