import {
  solvencyProofQuerySchema,
  type SolvencyHistoryEntry,
  type SolvencyProof,
  type SolvencySnapshot,
} from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SolvencyService } from '../modules/solvency/solvency.service';
import { refusal, RefusalError } from '../shared/result';
import type { RequireAuth } from './authenticate';
import { parseInput } from './validation';

export interface SolvencyRoutesOptions {
  solvency: Pick<SolvencyService, 'latest' | 'byId' | 'history' | 'proof'>;
  requireAuth: RequireAuth;
}

/** A malformed id names no snapshot: the same refusal as an unknown one (said from the catalogue, in the reader's language). */
const snapshotParamsSchema = z.object({ id: z.uuid() });

/**
 * Issue 28: proof of solvency. `GET /api/solvency` (public: the latest signed
 * snapshot), `GET /api/solvency/history` (public: the last 90),
 * `GET /api/solvency/snapshots/{id}` (public: an earlier signed snapshot, kept
 * 90 days, to check an earlier proof against) and `GET /api/solvency/proof`
 * (signed in: this player's inclusion proof; `?snapshot={id}` for an earlier one).
 */
export async function solvencyRoutes(app: FastifyInstance, options: SolvencyRoutesOptions): Promise<void> {
  const { solvency } = options;
  app.get('/solvency', async (): Promise<SolvencySnapshot> => solvency.latest());
  app.get('/solvency/history', async (): Promise<SolvencyHistoryEntry[]> => solvency.history());
  app.get('/solvency/snapshots/:id', async (request): Promise<SolvencySnapshot> => {
    const params = snapshotParamsSchema.safeParse(request.params);
    if (!params.success) throw new RefusalError(refusal('snapshot_not_found'));
    return solvency.byId(params.data.id);
  });
  app.get('/solvency/proof', async (request): Promise<SolvencyProof> => {
    const { userId } = await options.requireAuth(request);
    const { snapshot } = parseInput(solvencyProofQuerySchema, request.query);
    return solvency.proof(userId, snapshot);
  });
}
