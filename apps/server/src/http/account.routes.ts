import type { AccountResponse } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../modules/account/account.service';
import { unwrap } from '../shared/result';
import type { RequireAuth } from './authenticate';

export interface AccountRoutesOptions {
  account: AccountService;
  requireAuth: RequireAuth;
}

export async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions): Promise<void> {
  app.get('/account', async (request): Promise<AccountResponse> => {
    return unwrap(await options.account.getAccount(await options.requireAuth(request)));
  });
}
