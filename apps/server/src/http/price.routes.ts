import type { PriceResponse, RefusalBody } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { PriceService } from '../modules/price/price.service';
import { refusal } from '../shared/result';
import { sendRefusal } from './error-handler';

export interface PriceRoutesOptions {
  price: PriceService;
}

/** `GET /api/price`: public; 503 while the server has no price yet. */
export async function priceRoutes(app: FastifyInstance, options: PriceRoutesOptions): Promise<void> {
  app.get('/price', async (_request, reply): Promise<PriceResponse | RefusalBody> => {
    const price = options.price.current();
    if (!price) return sendRefusal(reply, refusal('price_unavailable'));
    return {
      ethUsd: Number(price.ethUsd),
      updatedAt: price.updatedAt.toISOString(),
      source: price.source,
      stale: options.price.isStale(price),
    };
  });
}
