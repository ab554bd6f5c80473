import type { RefusalBody, Transcript } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PlayerTranscripts } from '../modules/games/transcript';
import { refusal } from '../shared/result';
import type { RequireAuth } from './authenticate';
import { sendRefusal } from './error-handler';

export interface TranscriptRoutesOptions {
  transcripts: PlayerTranscripts;
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
  app.get('/games/:id/transcript', async (request, reply): Promise<Transcript | RefusalBody> => {
    const { userId } = await options.requireAuth(request);
    const params = paramsSchema.safeParse(request.params);
    const transcript = params.success ? await options.transcripts.forPlayer(params.data.id, userId) : undefined;
    if (!transcript) return sendRefusal(reply, refusal('not_found'));
    return transcript;
  });
}
