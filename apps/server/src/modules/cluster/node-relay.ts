/**
 * Messages between the nodes of a cluster, over Redis pub/sub: a request to
 * one node answered by it (a player's action forwarded to the node that runs
 * the game), a question to every other node answered by each (who holds a
 * socket in these rooms?), and a notice to every other node.
 *
 * Each node listens on `<prefix>relay:<node>` and `<prefix>relay:all`. PUBLISH
 * answers how many connections received a message, so a request to a node
 * that is gone (its subscription died with it) fails at once instead of
 * waiting for the timeout, and a question knows how many answers to expect.
 *
 * Messages are JSON between nodes of one deployment (Redis is trusted); each
 * is still checked for shape before use, and handler failures are answered as
 * errors, never left unanswered.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Logger } from '../../shared/logger';

export class RelayError extends Error {
  override name = 'RelayError';
}

export interface NodeRelay {
  /** This node's name on the relay (its lease holder id). */
  readonly self: string;
  /** Sends `body` to `node` and resolves with its handler's answer; rejects with RelayError (no such node, timeout, handler error). */
  request(node: string, body: unknown): Promise<unknown>;
  /** Asks every other node; resolves with the answers that came within `windowMs` (all of them, normally, much sooner). */
  gather(body: unknown, windowMs: number): Promise<unknown[]>;
  /** Tells every other node; no answer. */
  broadcast(body: unknown): Promise<void>;
  /** The handler of requests, questions and notices from other nodes (one per relay). */
  serve(handler: (body: unknown, kind: 'request' | 'gather' | 'notice', from: string) => Promise<unknown>): void;
  close(): Promise<void>;
}

const envelopeSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('request'), id: z.string(), from: z.string(), body: z.unknown() }),
  z.object({ t: z.literal('gather'), id: z.string(), from: z.string(), body: z.unknown() }),
  z.object({ t: z.literal('notice'), from: z.string(), body: z.unknown() }),
  z.object({ t: z.literal('answer'), id: z.string(), body: z.unknown() }),
  z.object({ t: z.literal('failure'), id: z.string(), message: z.string() }),
]);
type Envelope = z.infer<typeof envelopeSchema>;

interface Pending {
  resolve: (body: unknown) => void;
  reject: (error: Error) => void;
}

export interface RedisRelayOptions {
  /** Commands (PUBLISH). */
  publisher: Redis;
  /** A connection of its own: it enters subscriber mode. Closed by close(). */
  subscriber: Redis;
  self: string;
  prefix: string;
  logger: Logger;
  /**
   * A request unanswered after this long fails (default 10 s). A node that is
   * gone is known at once (nobody received the request); this only bounds a
   * node that is alive but slow, whose answer is worth waiting for.
   */
  requestTimeoutMs?: number;
}

export async function createRedisRelay(options: RedisRelayOptions): Promise<NodeRelay> {
  const { publisher, subscriber, self, prefix, logger } = options;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const channelOf = (node: string) => `${prefix}relay:${node}`;
  const allChannel = `${prefix}relay:all`;
  const ownChannel = channelOf(self);
  const pending = new Map<string, Pending>();
  const gathering = new Map<string, (body: unknown) => void>();
  let handler: ((body: unknown, kind: 'request' | 'gather' | 'notice', from: string) => Promise<unknown>) | undefined;
  let closed = false;

  const publish = (channel: string, envelope: Envelope) => publisher.publish(channel, JSON.stringify(envelope));

  async function handle(envelope: Envelope): Promise<void> {
    switch (envelope.t) {
      case 'answer':
        pending.get(envelope.id)?.resolve(envelope.body);
        gathering.get(envelope.id)?.(envelope.body);
        return;
      case 'failure':
        pending.get(envelope.id)?.reject(new RelayError(envelope.message));
        return;
      case 'notice':
        if (envelope.from === self || !handler) return;
        await handler(envelope.body, 'notice', envelope.from);
        return;
      case 'request':
      case 'gather': {
        if (envelope.from === self) return;
        let reply: Envelope;
        try {
          if (!handler) throw new Error('this node does not serve requests yet');
          reply = { t: 'answer', id: envelope.id, body: await handler(envelope.body, envelope.t, envelope.from) };
        } catch (error) {
          logger.error({ err: error, from: envelope.from }, 'Relay request failed on this node');
          reply = { t: 'failure', id: envelope.id, message: 'the node could not handle the request' };
        }
        await publish(channelOf(envelope.from), reply);
        return;
      }
    }
  }

  subscriber.on('message', (_channel: string, text: string) => {
    let envelope: Envelope;
    try {
      envelope = envelopeSchema.parse(JSON.parse(text));
    } catch (error) {
      logger.error({ err: error }, 'Malformed relay message ignored');
      return;
    }
    handle(envelope).catch((error: unknown) => logger.error({ err: error }, 'Relay message handling failed'));
  });
  await subscriber.subscribe(ownChannel, allChannel);

  return {
    self,

    async request(node, body) {
      if (closed) throw new RelayError('the relay is closed');
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const answer = new Promise<unknown>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        timer = setTimeout(
          () => reject(new RelayError(`node ${node} did not answer within ${requestTimeoutMs} ms`)),
          requestTimeoutMs,
        );
      });
      try {
        const receivers = await publish(channelOf(node), { t: 'request', id, from: self, body });
        if (receivers === 0) throw new RelayError(`node ${node} is not on the relay`);
        return await answer;
      } finally {
        clearTimeout(timer);
        pending.delete(id);
      }
    },

    async gather(body, windowMs) {
      if (closed) return [];
      const id = randomUUID();
      const answers: unknown[] = [];
      let expected = Number.POSITIVE_INFINITY;
      let done: () => void = () => undefined;
      const finished = new Promise<void>((resolve) => {
        done = resolve;
      });
      gathering.set(id, (answer) => {
        answers.push(answer);
        if (answers.length >= expected) done();
      });
      const timer = setTimeout(() => done(), windowMs);
      try {
        // Every node's subscription receives it, this node's included (it does not answer itself).
        const receivers = await publish(allChannel, { t: 'gather', id, from: self, body });
        expected = receivers - 1;
        if (answers.length >= expected) done();
        await finished;
        return answers;
      } finally {
        clearTimeout(timer);
        gathering.delete(id);
      }
    },

    async broadcast(body) {
      if (closed) return;
      await publish(allChannel, { t: 'notice', from: self, body });
    },

    serve(next) {
      handler = next;
    },

    async close() {
      closed = true;
      for (const entry of pending.values()) entry.reject(new RelayError('the relay is closed'));
      pending.clear();
      subscriber.disconnect();
    },
  };
}
