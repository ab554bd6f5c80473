import { API_PREFIX, CHAIN_RPC_PATH } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { ChainRpcProxy } from '../modules/chain-rpc/chain-rpc-proxy';
import { unwrap } from '../shared/result';
import { perMinuteLimiter } from './rate-limits';

/**
 * A full batch (CHAIN_RPC_MAX_BATCH calls) of eth_call with a few kilobytes of
 * calldata each fits; anything bigger is refused unread (400, like JSON nested too deeply).
 */
export const CHAIN_RPC_BODY_LIMIT_BYTES = 256 * 1024;

export interface ChainRpcRoutesOptions {
  proxy: ChainRpcProxy;
  rateLimitPerMinute: number;
}

/** `POST /api/chain/rpc`, registered under the API prefix. */
export async function chainRpcRoutes(app: FastifyInstance, options: ChainRpcRoutesOptions): Promise<void> {
  if (!CHAIN_RPC_PATH.startsWith(`${API_PREFIX}/`)) throw new Error(`${CHAIN_RPC_PATH} is not under ${API_PREFIX}`);
  // Its own per-IP budget: wallets poll it far more often than anybody signs in.
  app.addHook('onRequest', perMinuteLimiter(app, options.rateLimitPerMinute, 'chain-rpc'));

  // No sign-in required, on purpose: the wallet dialogs (connect, network
  // check, balance) read the chain before the user has signed in. It only reads
  // public chain data, through an allow-list of methods, under the rate limit.
  app.post(CHAIN_RPC_PATH.slice(API_PREFIX.length), { bodyLimit: CHAIN_RPC_BODY_LIMIT_BYTES }, async (request, reply) => {
    const answer = unwrap(await options.proxy.forward(request.body));
    return reply.type('application/json; charset=utf-8').send(answer);
  });
}
