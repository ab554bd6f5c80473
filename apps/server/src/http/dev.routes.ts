import { emailSchema, type RefusalBody } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DepositAddresses } from '../modules/deposits/deposit-addresses';
import type { UsersRepo } from '../modules/users/users.repo';
import { refusal } from '../shared/result';
import { sendRefusal } from './error-handler';

export interface DevRoutesOptions {
  users: UsersRepo;
  depositAddresses: DepositAddresses;
}

const bodySchema = z.object({ email: emailSchema });

/**
 * Development chain only (never registered in production or on a real chain):
 * `POST /api/dev/deposit-address {email}` → `{address}`, for
 * `npm run dev:deposit` while the server holds the embedded database.
 */
export async function devRoutes(app: FastifyInstance, options: DevRoutesOptions): Promise<void> {
  app.post('/dev/deposit-address', async (request, reply): Promise<{ address: string } | RefusalBody> => {
    const parsed = bodySchema.safeParse(request.body ?? {});
    if (!parsed.success) return sendRefusal(reply, refusal('invalid_input', { error: parsed.error }));
    const user = await options.users.findByEmail(parsed.data.email);
    if (!user) return sendRefusal(reply, refusal('not_found'));
    return { address: await options.depositAddresses.ensureFor(user.id) };
  });
}
