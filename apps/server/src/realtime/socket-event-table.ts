/**
 * Issue 25 (decision 036): every event a client may send is registered
 * through one table, `{ event: [schema, handler] }`, typed against the
 * protocol's event map — an event without a schema, or with a schema whose
 * output is not that event's payload, does not compile, and neither does a
 * table missing an event of the map. The binder parses each payload with its
 * schema at the edge (a handler gets typed values only), runs the handler,
 * and answers what it returns:
 *
 * - a refusal (`{ code }`): its text looked up here, at the edge
 *   (@shifumi/protocol's socket-refusals.ts) — in the acknowledgement
 *   `{ ok: false, code, message }` when the client asked for one, otherwise
 *   as `error { code, message }`;
 * - nothing: `{ ok: true }` to a client that asked for an acknowledgement;
 * - a payload its schema refuses: `invalid_payload`, with that schema's own
 *   sentence for the field; a handler that throws: `internal_error` (logged).
 */
import {
  DEFAULT_LANGUAGE,
  socketIssueMessage,
  socketRefusalAnswer,
  type Language,
  type SocketRefusal,
  type SocketRefusalAnswer,
} from '@shifumi/protocol';
import type { z } from 'zod';

/**
 * A payload its schema refused: in English, the schema's own sentence for the
 * field; in another language, the catalogue's (the schemas speak English).
 */
function invalidPayload(error: z.ZodError, language: Language): SocketRefusalAnswer {
  if (language === DEFAULT_LANGUAGE) return { code: 'invalid_payload', message: socketIssueMessage(error) };
  return socketRefusalAnswer({ code: 'invalid_payload' }, language);
}

/** The payload an event of an event map carries (`undefined` for an event with none). */
export type PayloadOf<Listener> = Listener extends (...args: infer Args) => void
  ? Args extends []
    ? undefined
    : Args[0]
  : never;

/** What handles an event's payload (already parsed): a refusal, or nothing when done. */
export type SocketEventHandler<Payload, Context> = (
  context: Context,
  payload: Payload,
) => Promise<SocketRefusal | undefined> | SocketRefusal | undefined;

/** One entry: the event's schema (its output must be the event's payload), then its handler. */
export type SocketEventEntry<Payload, Context> = readonly [
  schema: z.ZodType<Payload>,
  handler: SocketEventHandler<Payload, Context>,
];

/** Every client → server event of `Events`, each with its schema and its handler. */
export type SocketEventTable<Events, Context> = {
  readonly [E in keyof Events]-?: SocketEventEntry<PayloadOf<Events[E]>, Context>;
};

/** The little of a Socket.IO socket the binder uses (either namespace). */
export interface EventSocket {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
}

export interface BindOptions {
  /** Tells the client a refusal outside an acknowledgement (the `error` event). */
  refuse(answer: SocketRefusalAnswer): void;
  /** A handler threw: logged once here; the client hears `internal_error`. */
  failed(event: string, error: unknown): void;
  /** Whether an event not in the table is refused with `unknown_event` (the signed-in socket; default false). */
  refuseUnknown?: boolean;
  /** Issue 27: the language of the connection (its refusals' sentences); `en` when not given. */
  language?: Language;
}

/** Registers every event of `table` on `socket`, for this connection's `context`. */
export function bindSocketEvents<Events, Context>(
  socket: EventSocket,
  table: SocketEventTable<Events, Context>,
  context: Context,
  options: BindOptions,
): void {
  const language = options.language ?? DEFAULT_LANGUAGE;
  const entries = Object.entries(table) as Array<[string, SocketEventEntry<unknown, Context>]>;
  const known = new Set(entries.map(([event]) => event));
  if (options.refuseUnknown) {
    socket.onAny((event) => {
      if (!known.has(event)) options.refuse(socketRefusalAnswer({ code: 'unknown_event' }, language));
    });
  }
  for (const [event, [schema, handler]] of entries) {
    socket.on(event, (...args: unknown[]) => {
      const last = args.at(-1);
      const ack = typeof last === 'function' ? (last as (answer: unknown) => void) : undefined;
      const payload = ack ? (args.length > 1 ? args[0] : undefined) : args[0];
      const answer = (refusal: SocketRefusalAnswer | undefined): void => {
        if (ack) ack(refusal ? { ok: false, ...refusal } : { ok: true });
        else if (refusal) options.refuse(refusal);
      };
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return answer(invalidPayload(parsed.error, language));
      void (async () => {
        let refusal: SocketRefusal | undefined;
        try {
          refusal = await handler(context, parsed.data);
        } catch (error) {
          options.failed(event, error);
          refusal = { code: 'internal_error' };
        }
        answer(refusal ? socketRefusalAnswer(refusal, language) : undefined);
      })();
    });
  }
}
