import { SERVER_TEXTS, type MessageResponse, type PriceResponse } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { PriceService } from '../modules/price/price.service';

export interface PriceRoutesOptions {
  price: PriceService;
}

/** `GET /api/price`: public; 503 while the server has no price yet. */
export async function priceRoutes(app: FastifyInstance, options: PriceRoutesOptions): Promise<void> {
  app.get('/price', async (_request, reply): Promise<PriceResponse | MessageResponse> => {
    const price = options.price.current();
    if (!price) return reply.code(503).send({ message: SERVER_TEXTS.priceUnavailable } satisfies MessageResponse);
    return {
      ethUsd: Number(price.ethUsd),
      updatedAt: price.updatedAt.toISOString(),
      source: price.source,
      stale: options.price.isStale(price),
    };
  });
}
