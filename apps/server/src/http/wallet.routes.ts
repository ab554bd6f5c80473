import {
  API_PREFIX,
  IDEMPOTENCY_KEY_HEADER,
  WITHDRAWAL_FEE_PATH,
  type CashoutResponse,
  type WithdrawalFeeResponse,
} from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { WithdrawalsService } from '../modules/withdrawals/withdrawals.service';
import { unwrap } from '../shared/result';
import type { RequireAuth } from './authenticate';
import { perMinuteLimiter } from './rate-limits';

export interface WalletRoutesOptions {
  withdrawals: WithdrawalsService;
  requireAuth: RequireAuth;
  /** Issue 13: told of every withdrawal request (the security mail). */
  onRequested?: (userId: string, withdrawalId: string, where: { ip: string | null; userAgent: string | null }) => Promise<void>;
  /** Issue 23: per-IP budget of the cashout (it sends mails: the security mail, a verification link). */
  rateLimitPerMinute: number;
}

/** `POST /api/wallet/cashout {amount, recipientAddress}` with an optional `Idempotency-Key` header. */
export async function walletRoutes(app: FastifyInstance, options: WalletRoutesOptions): Promise<void> {
  app.post(
    '/wallet/cashout',
    { onRequest: perMinuteLimiter(app, options.rateLimitPerMinute, 'wallet-cashout') },
    async (request, reply): Promise<CashoutResponse> => {
      const auth = await options.requireAuth(request);
      const header = request.headers[IDEMPOTENCY_KEY_HEADER];
      const key = Array.isArray(header) ? header.join(',') : header;
      const answer = unwrap(await options.withdrawals.request(auth, request.body, key));
      await options.onRequested?.(auth.userId, answer.id, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
      reply.code(201);
      return answer;
    },
  );

  // Issue 12: the fee, the minimum and the hourly limit, for the withdraw form before its confirm button.
  app.get(WITHDRAWAL_FEE_PATH.slice(API_PREFIX.length), async (request, reply): Promise<WithdrawalFeeResponse> => {
    await options.requireAuth(request);
    reply.header('cache-control', 'no-store');
    return unwrap(await options.withdrawals.feeQuote());
  });
}
