import type { ChainStatusResponse } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { ChainStatus } from '../modules/chain-rpc/chain-health';

/** Issue 29: `GET /api/chain/status` — whether deposits and withdrawals are delayed (the chain's RPC is away). */
export async function chainStatusRoutes(app: FastifyInstance, options: { status: () => ChainStatus }): Promise<void> {
  app.get('/chain/status', async (): Promise<ChainStatusResponse> => {
    const { delayed, since } = options.status();
    return { delayed, since: since?.toISOString() ?? null };
  });
}
