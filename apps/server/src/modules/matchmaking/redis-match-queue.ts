/**
 * The matchmaking queue in Redis, shared by every node. Each operation is one
 * Lua script, so it is atomic across nodes: a ticket is taken by one node
 * only, and a user has at most one ticket whatever the amount and the node
 * (so nobody is ever matched with themselves).
 *
 * Keys (under the Redis key prefix):
 * - `queue:tickets`  hash user id → ticket (JSON, with the node instance that holds the searching socket);
 * - `queue:<amount>` list of user ids, oldest first;
 * - `nodes`          the liveness hash (infra/redis/node-liveness.ts).
 *
 * Tickets live in Redis, so none is lost when a node dies — but the searching
 * socket died with its node, and a game started with it would charge a player
 * who is not there. The rule: a ticket whose node instance is not alive (no
 * beat for the liveness TTL, 10 s) is dropped, never matched. Nothing was
 * charged, so nothing is refunded; the user's sockets on any node are told
 * "Your search was interrupted. Please search again." (`onDropped`), which
 * ends the search on their screen. A new search of that user replaces a dead
 * ticket at once. Every node sweeps dead tickets every few seconds, and
 * taking a pair skips them, so they neither wait forever nor count in the
 * lengths for long.
 */
import { createHash } from 'node:crypto';
import { BET_AMOUNTS, CHARACTERS, type BetAmount } from '@shifumi/protocol';
import { z } from 'zod';
import { LIVENESS_LUA, type NodeLiveness } from '../../infra/redis/node-liveness';
import type { RedisContext } from '../../infra/redis/redis';
import { createPeriodicTask } from '../../shared/periodic-task';
import type { Logger } from '../../shared/logger';
import { noneWaiting, type MatchQueue, type QueueTicket } from './match-queue';

/** What a ticket read back from Redis must look like (Redis is shared: its data is checked, not trusted). */
const storedTicketSchema = z.object({
  userId: z.string().min(1).max(128),
  betUsd: z.literal(BET_AMOUNTS),
  character: z.enum(CHARACTERS),
  socketId: z.string().min(1).max(128),
  queuedAt: z.number().int().nonnegative(),
  node: z.string().min(1).max(200),
});

/** A user id in the list whose ticket is not of this amount is a leftover: skipped. */
const TICKET_LUA = `${LIVENESS_LUA}
local function queue_key(prefix, amount)
  return prefix .. tostring(amount)
end
`;

// KEYS: tickets, nodes, queue of the ticket's amount. ARGV: user id, ticket JSON, instance, ttl ms, queue key prefix.
const ENQUEUE_FUNCTION = `
local function enqueue(now)
  -- The node that queues is alive: this counts as its beat.
  redis.call('HSET', KEYS[2], ARGV[3], now + tonumber(ARGV[4]))
  local existing = redis.call('HGET', KEYS[1], ARGV[1])
  if existing then
    local old = cjson.decode(existing)
    if is_alive(KEYS[2], old.node, now) then return 0 end
    -- The old ticket's node is dead: the new search replaces it.
    redis.call('LREM', queue_key(ARGV[5], old.betUsd), 0, ARGV[1])
  end
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('RPUSH', KEYS[3], ARGV[1])
  return 1
end
`;
const ENQUEUE_LUA = `${TICKET_LUA}${ENQUEUE_FUNCTION}
return enqueue(now_ms())
`;

// KEYS: tickets, nodes, queue. Answers {taken tickets (0 or 2), dropped tickets}.
const TAKE_PAIR_FUNCTION = `
local function take_pair(now, amount)
  local taken = {}
  local dropped = {}
  while #taken < 2 do
    local user = redis.call('LPOP', KEYS[3])
    if not user then break end
    local json = redis.call('HGET', KEYS[1], user)
    if json then
      local ticket = cjson.decode(json)
      if tostring(ticket.betUsd) == amount then
        if is_alive(KEYS[2], ticket.node, now) then
          taken[#taken + 1] = json
        else
          redis.call('HDEL', KEYS[1], user)
          dropped[#dropped + 1] = json
        end
      end
    end
  end
  if #taken < 2 then
    for index = #taken, 1, -1 do redis.call('LPUSH', KEYS[3], cjson.decode(taken[index]).userId) end
    return {}, dropped
  end
  for _, json in ipairs(taken) do redis.call('HDEL', KEYS[1], cjson.decode(json).userId) end
  return taken, dropped
end
`;
// KEYS: tickets, nodes, queue. ARGV: amount.
const TAKE_PAIR_LUA = `${TICKET_LUA}${TAKE_PAIR_FUNCTION}
local taken, dropped = take_pair(now_ms(), ARGV[1])
return {taken, dropped}
`;

// Issue 30: ENQUEUE, then TAKE_PAIR at the ticket's amount (ARGV[6]), in one round trip. KEYS and ARGV[1..5] as
// ENQUEUE's. Answers {0} when the user already has a ticket, else {1, taken, dropped, ids still listed at that amount}.
const ENQUEUE_TAKE_LUA = `${TICKET_LUA}${ENQUEUE_FUNCTION}${TAKE_PAIR_FUNCTION}
local now = now_ms()
if enqueue(now) == 0 then return {0} end
local taken, dropped = take_pair(now, ARGV[6])
return {1, taken, dropped, redis.call('LLEN', KEYS[3])}
`;

// KEYS: tickets. ARGV: user id, queue key prefix, socket id or ''. Answers the removed ticket or nil.
const REMOVE_LUA = `${TICKET_LUA}
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return false end
local ticket = cjson.decode(json)
if ARGV[3] ~= '' and ticket.socketId ~= ARGV[3] then return false end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('LREM', queue_key(ARGV[2], ticket.betUsd), 0, ARGV[1])
return json
`;

// KEYS: tickets, nodes. ARGV: user id. 1 when the user has a ticket of a live node.
const HAS_LUA = `${TICKET_LUA}
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return 0 end
return is_alive(KEYS[2], cjson.decode(json).node, now_ms()) and 1 or 0
`;

// KEYS: tickets, queue. ARGV: user id, ticket JSON.
const RESTORE_LUA = `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('LPUSH', KEYS[2], ARGV[1])
return 1
`;

// KEYS: tickets, nodes. ARGV: queue key prefix. Drops every ticket of a dead node; answers them.
const SWEEP_LUA = `${TICKET_LUA}
local now = now_ms()
local dropped = {}
local entries = redis.call('HGETALL', KEYS[1])
for index = 1, #entries, 2 do
  local ticket = cjson.decode(entries[index + 1])
  if not is_alive(KEYS[2], ticket.node, now) then
    redis.call('HDEL', KEYS[1], entries[index])
    redis.call('LREM', queue_key(ARGV[1], ticket.betUsd), 0, entries[index])
    dropped[#dropped + 1] = entries[index + 1]
  end
end
return dropped
`;

// KEYS: tickets, nodes. Answers {amount, count, amount, count…} of the live tickets (a dead node's do not count).
const WAITING_LUA = `${TICKET_LUA}
local now = now_ms()
local counts = {}
local entries = redis.call('HVALS', KEYS[1])
for _, json in ipairs(entries) do
  local ticket = cjson.decode(json)
  if is_alive(KEYS[2], ticket.node, now) then
    local amount = tostring(ticket.betUsd)
    counts[amount] = (counts[amount] or 0) + 1
  end
end
local answer = {}
for amount, count in pairs(counts) do
  answer[#answer + 1] = amount
  answer[#answer + 1] = count
end
return answer
`;

export interface RedisMatchQueueOptions {
  redis: RedisContext;
  /** This node's liveness (started by the caller): tickets are stamped with its instance. */
  liveness: NodeLiveness;
  logger: Logger;
  /** Told of every ticket dropped because its node died (its user should search again). */
  onDropped?: (ticket: QueueTicket) => void;
  /** How often this node sweeps dead tickets (default 5 s; 0 → never, tests sweep by hand). */
  sweepIntervalMs?: number;
}

export interface RedisMatchQueue extends MatchQueue {
  /** Drops the tickets of dead nodes now; answers how many. */
  sweep(): Promise<number>;
  /** Stops the sweeping timer. The tickets stay in Redis. */
  stop(): void;
}

export function createRedisMatchQueue(options: RedisMatchQueueOptions): RedisMatchQueue {
  const { redis, liveness, logger } = options;
  const client = redis.client;
  const ticketsKey = `${redis.keyPrefix}queue:tickets`;
  const queuePrefix = `${redis.keyPrefix}queue:`;
  const queueKey = (amount: BetAmount) => `${queuePrefix}${amount}`;
  const run = scriptRunner(client);
  const { parse, dropped } = ticketReader(logger, options.onDropped);

  async function restore(ticket: QueueTicket): Promise<boolean> {
    const stored = { ...ticket, node: ticket.node ?? liveness.instanceId };
    return (await run(RESTORE_LUA, 2, ticketsKey, queueKey(ticket.betUsd), ticket.userId, JSON.stringify(stored))) === 1;
  }

  /** KEYS and ARGV of ENQUEUE (and the first of ENQUEUE_TAKE): the ticket stamped with this node's instance. */
  function enqueueArguments(ticket: QueueTicket): string[] {
    const stored = { ...ticket, node: liveness.instanceId };
    return [
      ticketsKey,
      liveness.key,
      queueKey(ticket.betUsd),
      ticket.userId,
      JSON.stringify(stored),
      liveness.instanceId,
      String(liveness.ttlMs),
      queuePrefix,
    ];
  }

  /** The pair a script took (none, or two tickets), after telling of the dead nodes' tickets it dropped. */
  async function pairOf(taken: unknown[], droppedTickets: unknown): Promise<[QueueTicket, QueueTicket] | undefined> {
    dropped(droppedTickets);
    const [first, second] = taken.map(parse);
    if (first && second) return [first, second];
    // A malformed ticket (only a foreign write can make one) is dropped; the good one keeps its place.
    for (const ticket of [first, second]) if (ticket) await restore(ticket);
    return undefined;
  }

  async function sweep(): Promise<number> {
    return dropped(await run(SWEEP_LUA, 2, ticketsKey, liveness.key, queuePrefix));
  }

  const sweepIntervalMs = options.sweepIntervalMs ?? 5_000;
  // Redis out of reach: logged once (warn), retried with back-off.
  const sweeper =
    sweepIntervalMs > 0
      ? createPeriodicTask({
          name: 'Sweeping the queue',
          everyMs: sweepIntervalMs,
          failureLevel: 'warn',
          logger,
          run: async () => void (await sweep()),
        })
      : undefined;
  sweeper?.start();

  return {
    async enqueue(ticket) {
      return (await run(ENQUEUE_LUA, 3, ...enqueueArguments(ticket))) === 1;
    },

    async enqueueAndTake(ticket) {
      const answer = (await run(ENQUEUE_TAKE_LUA, 3, ...enqueueArguments(ticket), String(ticket.betUsd))) as [
        number,
        unknown[]?,
        unknown[]?,
        number?,
      ];
      if (answer[0] !== 1) return { queued: false };
      return { queued: true, pair: await pairOf(answer[1] ?? [], answer[2]), more: Number(answer[3] ?? 0) >= 2 };
    },

    async remove(userId) {
      const json = await run(REMOVE_LUA, 1, ticketsKey, userId, queuePrefix, '');
      return json === null ? undefined : parse(json);
    },

    async removeSocket(userId, socketId) {
      const json = await run(REMOVE_LUA, 1, ticketsKey, userId, queuePrefix, socketId);
      return json === null ? undefined : parse(json);
    },

    async has(userId) {
      return (await run(HAS_LUA, 2, ticketsKey, liveness.key, userId)) === 1;
    },

    async takePair(betUsd) {
      const answer = (await run(TAKE_PAIR_LUA, 3, ticketsKey, liveness.key, queueKey(betUsd), String(betUsd))) as [
        unknown[],
        unknown[],
      ];
      return pairOf(answer[0], answer[1]);
    },

    restore,

    async lengths() {
      const counts = await Promise.all(BET_AMOUNTS.map((amount) => client.llen(queueKey(amount))));
      const lengths: Partial<Record<BetAmount, number>> = {};
      BET_AMOUNTS.forEach((amount, index) => {
        if (counts[index]! > 0) lengths[amount] = counts[index]!;
      });
      return lengths;
    },

    async waiting() {
      const answer = (await run(WAITING_LUA, 2, ticketsKey, liveness.key)) as unknown[];
      const counts = noneWaiting();
      for (let index = 0; index + 1 < answer.length; index += 2) {
        const amount = Number(answer[index]);
        if ((BET_AMOUNTS as readonly number[]).includes(amount)) counts[amount as BetAmount] = Number(answer[index + 1]);
      }
      return counts;
    },

    sweep,

    stop() {
      void sweeper?.stop();
    },
  };
}

/**
 * Issue 30 (decision 061): runs a script by EVALSHA, so that its text (a
 * kilobyte with the liveness functions) is not written and hashed with every
 * call; EVAL on NOSCRIPT (a Redis that restarted or was flushed has none).
 */
function scriptRunner(client: RedisContext['client']) {
  const shas = new Map<string, string>();
  return async function run(script: string, keys: number, ...args: string[]): Promise<unknown> {
    let sha = shas.get(script);
    if (sha === undefined) {
      sha = createHash('sha1').update(script).digest('hex');
      shas.set(script, sha);
    }
    try {
      return await client.evalsha(sha, keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes('NOSCRIPT')) throw error;
      return client.eval(script, keys, ...args);
    }
  };
}

/** Reads tickets back from Redis (checked, not trusted), and tells of those dropped because their node died. */
function ticketReader(logger: Logger, onDropped: ((ticket: QueueTicket) => void) | undefined) {
  function parse(json: unknown): QueueTicket | undefined {
    const parsed = typeof json === 'string' ? storedTicketSchema.safeParse(safeJson(json)) : undefined;
    if (!parsed?.success) {
      logger.error(
        { ticket: typeof json === 'string' ? json.slice(0, 300) : typeof json },
        'Malformed ticket in the Redis queue, ignored',
      );
      return undefined;
    }
    return parsed.data;
  }

  function dropped(jsons: unknown): number {
    let count = 0;
    for (const json of Array.isArray(jsons) ? jsons : []) {
      const ticket = parse(json);
      if (!ticket) continue;
      count += 1;
      logger.info({ userId: ticket.userId, node: ticket.node, betUsd: ticket.betUsd }, 'Queue ticket of a dead node dropped');
      onDropped?.(ticket);
    }
    return count;
  }

  return { parse, dropped };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
