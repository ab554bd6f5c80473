import { IDEMPOTENCY_KEY_HEADER, type CashoutResponse } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { WithdrawalsService } from '../modules/withdrawals/withdrawals.service';
import { unwrap } from '../shared/result';
import type { RequireAuth } from './authenticate';

export interface WalletRoutesOptions {
  withdrawals: WithdrawalsService;
  requireAuth: RequireAuth;
}

/** `POST /api/wallet/cashout {amount, recipientAddress}` with an optional `Idempotency-Key` header. */
export async function walletRoutes(app: FastifyInstance, options: WalletRoutesOptions): Promise<void> {
  app.post('/wallet/cashout', async (request, reply): Promise<CashoutResponse> => {
    const auth = await options.requireAuth(request);
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    const key = Array.isArray(header) ? header.join(',') : header;
    const answer = unwrap(await options.withdrawals.request(auth, request.body, key));
    reply.code(201);
    return answer;
  });
}
