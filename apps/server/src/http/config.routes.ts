import type { ConfigResponse } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';

export interface ConfigRoutesOptions {
  config: ConfigResponse;
}

/** `GET /api/config`: public facts the web app needs (the chain deposits live on, confirmations). */
export async function configRoutes(app: FastifyInstance, options: ConfigRoutesOptions): Promise<void> {
  app.get('/config', async (): Promise<ConfigResponse> => options.config);
}
