/**
 * Issue 17: the signed transcript of an ended game (decision 022), built on
 * demand from what the game stored — its final state holds every resolved
 * round with each play's mode, choice, commitment, salt and lock time — and
 * signed with the server's Ed25519 key. Built again it is the same bytes, so
 * the same signature: nothing more needs storing.
 */
import { settlement, upgradeState, type RoundPlay } from '@shifumi/game';
import { TRANSCRIPT_VERSION, type Transcript, type TranscriptResult, type UnsignedTranscript } from '@shifumi/protocol';
import type { Executor } from '../../infra/db/database';
import type { TranscriptSigner } from '../fairness/signing-key';
import { endedGameOf, gameTransferIds, type EndedGameRow } from './transcript.repo';

const iso = (epochMs: number) => new Date(epochMs).toISOString();

/** The price as the transcript writes it: decimal US dollars, at most 6 decimals, no trailing zeros. */
export function priceText(microUsdPerEth: bigint): string {
  const dollars = microUsdPerEth / 1_000_000n;
  const micros = microUsdPerEth % 1_000_000n;
  if (micros === 0n) return dollars.toString();
  return `${dollars}.${micros.toString().padStart(6, '0').replace(/0+$/, '')}`;
}

function resultOf(play: RoundPlay): TranscriptResult {
  const lockedAt = play.lockedAt === null ? null : iso(play.lockedAt);
  switch (play.mode) {
    case 'sealed':
      return { mode: 'sealed', choice: play.choice, commitment: play.commitment, salt: play.salt, lockedAt };
    case 'unrevealed':
      return { mode: 'unrevealed', choice: null, commitment: play.commitment, lockedAt };
    case 'plain':
      return { mode: 'plain', choice: play.choice, lockedAt };
    case 'auto':
      return { mode: 'auto', choice: 'rock', lockedAt: null };
  }
}

/** The unsigned transcript of an ended game and its ledger transfers. */
export function unsignedTranscript(game: EndedGameRow, ledgerTransfers: string[]): UnsignedTranscript {
  const state = upgradeState(game.state);
  const ids = [game.player1Id, game.player2Id] as const;
  const winnerId = game.winnerId ?? 'draw';
  const payouts = settlement({ ...state, phase: 'over', winnerId }, game.stakeWei);
  const payoutWei = winnerId === 'draw' ? game.stakeWei : (payouts.get(winnerId) ?? 0n);
  return {
    version: TRANSCRIPT_VERSION,
    room: game.id,
    players: [
      { id: game.player1Id, name: game.player1Name },
      { id: game.player2Id, name: game.player2Name },
    ],
    stakeWei: game.stakeWei.toString(),
    amountUsdt: game.betUsd,
    price: priceText(game.priceMicroUsd),
    rounds: state.rounds.map((round) => ({
      round: round.round,
      startedAt: iso(round.startedAt),
      deadline: iso(round.deadline),
      results: { [ids[0]]: resultOf(round.plays[0]), [ids[1]]: resultOf(round.plays[1]) },
      winnerId: round.winnerId,
    })),
    winnerId,
    payoutWei: payoutWei.toString(),
    endedAt: game.endedAt.toISOString(),
    ledgerTransfers,
  };
}

/** The signed transcript of `gameId` for one of its players; undefined for anyone else, or a game still in play. */
export async function transcriptFor(
  db: Executor,
  signer: Pick<TranscriptSigner, 'sign'>,
  gameId: string,
  userId: string,
): Promise<Transcript | undefined> {
  const game = await endedGameOf(db, gameId, userId);
  if (!game) return undefined;
  return signer.sign(unsignedTranscript(game, await gameTransferIds(db, gameId)));
}

/** The signed transcripts players read (`GET /api/games/{id}/transcript`). */
export interface PlayerTranscripts {
  /** The signed transcript of `gameId` for one of its players; undefined for anyone else, or a game still in play. */
  forPlayer(gameId: string, userId: string): Promise<Transcript | undefined>;
}

export function createPlayerTranscripts(db: Executor, signer: Pick<TranscriptSigner, 'sign'>): PlayerTranscripts {
  return { forPlayer: (gameId, userId) => transcriptFor(db, signer, gameId, userId) };
}

/** Issue 18: the signed transcript of the ended game `gameId` for the operator's console (staff roles are checked by its route). */
export async function staffTranscriptFor(
  db: Executor,
  signer: Pick<TranscriptSigner, 'sign'>,
  gameId: string,
): Promise<Transcript | undefined> {
  const game = await endedGameOf(db, gameId, null);
  if (!game) return undefined;
  return signer.sign(unsignedTranscript(game, await gameTransferIds(db, gameId)));
}
