import { deviceReportSchema } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../infra/db/database';
import { recordDevice } from '../modules/admin/linked-accounts';
import type { Clock } from '../shared/clock';
import type { RequireAuth } from './authenticate';
import { parseInput } from './validation';

/** Issue 18: `POST /api/account/device {deviceId}` — the web app reports the browser a signed-in account uses (204). */
export async function linkedDeviceRoutes(app: FastifyInstance, options: { db: Database; requireAuth: RequireAuth; clock: Clock }): Promise<void> {
  app.post('/account/device', async (request, reply) => {
    const auth = await options.requireAuth(request);
    const { deviceId } = parseInput(deviceReportSchema, request.body);
    await recordDevice(options.db, auth.userId, deviceId, options.clock());
    return reply.code(204).send();
  });
}
