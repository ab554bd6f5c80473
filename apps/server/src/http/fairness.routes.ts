import { TRANSCRIPT_SIGNATURE_ALGORITHM, type FairnessKeyResponse } from '@shifumi/protocol';
import type { FastifyInstance } from 'fastify';
import type { TranscriptSigner } from '../modules/fairness/signing-key';

export interface FairnessRoutesOptions {
  signer: Pick<TranscriptSigner, 'publicKey'>;
}

/** `GET /api/fairness/key`: the public key game transcripts are signed with (issue 17). Public: anyone may check a transcript. */
export async function fairnessRoutes(app: FastifyInstance, options: FairnessRoutesOptions): Promise<void> {
  const body: FairnessKeyResponse = { algorithm: TRANSCRIPT_SIGNATURE_ALGORITHM, publicKey: options.signer.publicKey };
  app.get('/fairness/key', async (): Promise<FairnessKeyResponse> => body);
}
