import { deviceReportSchema } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { DeviceReports } from '../modules/admin/linked-accounts';
import type { RequireAuth } from './authenticate';
import { parseInput } from './validation';

/** Issue 18: `POST /api/account/device {deviceId}` — the web app reports the browser a signed-in account uses (204). */
export async function linkedDeviceRoutes(
  app: FastifyInstance,
  options: { devices: DeviceReports; requireAuth: RequireAuth },
): Promise<void> {
  app.post('/account/device', async (request, reply) => {
    const auth = await options.requireAuth(request);
    const { deviceId } = parseInput(deviceReportSchema, request.body);
    await options.devices.record(auth.userId, deviceId);
    return reply.code(204).send();
  });
}
