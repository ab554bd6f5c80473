import { SERVER_TEXTS, type MessageResponse, type Transcript } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Executor } from '../infra/db/database';
import type { TranscriptSigner } from '../modules/fairness/signing-key';
import { transcriptFor } from '../modules/games/transcript';
import type { RequireAuth } from './authenticate';

export interface TranscriptRoutesOptions {
  db: Executor;
  signer: Pick<TranscriptSigner, 'sign'>;
  requireAuth: RequireAuth;
}

// The room is the game's id: named `id` like `GET /api/games/{id}`, one parameter name per path segment.
const paramsSchema = z.object({ id: z.uuid() });

/**
 * `GET /api/games/{room}/transcript` (issue 17): the signed transcript of an
 * ended game, for either of its players. Anyone else — and a game unknown or
 * still in play — gets 404: whether a game exists is not told to strangers.
 */
export async function transcriptRoutes(app: FastifyInstance, options: TranscriptRoutesOptions): Promise<void> {
  app.get('/games/:id/transcript', async (request, reply): Promise<Transcript | MessageResponse> => {
    const { userId } = await options.requireAuth(request);
    const params = paramsSchema.safeParse(request.params);
    const transcript = params.success ? await transcriptFor(options.db, options.signer, params.data.id, userId) : undefined;
    if (!transcript) return reply.code(404).send({ message: SERVER_TEXTS.notFound } satisfies MessageResponse);
    return transcript;
  });
}
