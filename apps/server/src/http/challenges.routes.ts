import {
  acceptChallengeSchema,
  createChallengeSchema,
  type AcceptedChallenge,
  type ChallengeStatus,
  type ChallengeView,
  type CreatedChallenge,
  type OwnChallenge,
} from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { Challenges } from '../modules/challenges/challenges.service';
import { unwrap } from '../shared/result';
import type { RequireAuth } from './authenticate';
import { parseInput } from './validation';

export interface ChallengesRoutesOptions {
  challenges: Challenges;
  requireAuth: RequireAuth;
}

/**
 * Issue 24: challenges by link. Every refusal is a 4xx `{message}` other than
 * 403 (which the web app reads as an expired session): 404 unknown, 409 not
 * open / one's own / a player away or busy / linked, 422 a player unable to
 * play the stake, 400 bad input.
 */
export async function challengesRoutes(app: FastifyInstance, options: ChallengesRoutesOptions): Promise<void> {
  const { challenges, requireAuth } = options;

  app.post('/challenges', async (request, reply): Promise<CreatedChallenge> => {
    const context = await requireAuth(request);
    const input = parseInput(createChallengeSchema, request.body);
    const created = unwrap(await challenges.create(context.userId, input));
    reply.code(201);
    return created;
  });

  /** The signed-in player's open challenges (home lists them with their link). */
  app.get('/challenges', async (request): Promise<{ challenges: OwnChallenge[] }> => {
    const context = await requireAuth(request);
    return challenges.listOwn(context.userId);
  });

  app.get<{ Params: { id: string } }>('/challenges/:id', async (request): Promise<ChallengeView> =>
    unwrap(await challenges.view(request.params.id)),
  );

  app.post<{ Params: { id: string } }>('/challenges/:id/accept', async (request): Promise<AcceptedChallenge> => {
    const context = await requireAuth(request);
    const input = parseInput(acceptChallengeSchema, request.body);
    return unwrap(await challenges.accept(context.userId, request.params.id, input));
  });

  app.delete<{ Params: { id: string } }>('/challenges/:id', async (request): Promise<{ id: string; status: ChallengeStatus }> => {
    const context = await requireAuth(request);
    return unwrap(await challenges.cancel(context.userId, request.params.id));
  });
}
