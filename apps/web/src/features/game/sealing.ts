/**
 * Issue 17: every choice of this browser is sealed (decision 021). The hand is
 * locked as a commitment — SHA-256 of the game, the round, the player, the
 * choice and 32 random bytes of salt — and sent as `commit_choice`; the
 * choice and salt stay in memory and in `sessionStorage` (a reload within the
 * reconnection grace can still reveal) until the server's `reveal_request`,
 * answered with `reveal_choice`. On `game_result` the opponent's seal is
 * checked here, in the browser.
 */
import type * as FairnessModule from '@shifumi/fairness';
import type { FairnessCrypto } from '@shifumi/fairness';
import type { Choice, GameResultEvent } from '@shifumi/protocol';
import { emitToServer } from '../../lib/socket';

interface SealedChoice {
  choice: Choice;
  salt: string;
  commitment: string;
}

const STORAGE_PREFIX = 'shifumi-seal:';
const keyOf = (room: string, round: number) => `${STORAGE_PREFIX}${room}:${round}`;
const kept = new Map<string, SealedChoice>();

/**
 * `@shifumi/fairness` (and the protocol schemas it brings) is not in home's
 * first load (decision 011): it is fetched when a game is found
 * (`preloadSealing`), well before the first choice needs it.
 */
type Fairness = typeof FairnessModule;
let loading: Promise<Fairness> | undefined;
export function preloadSealing(): Promise<Fairness> {
  // A failed fetch (a network blip) is tried again at the next call.
  loading ??= import('@shifumi/fairness').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

let fairnessCrypto: FairnessCrypto | undefined;
async function sealingTools(): Promise<{ fairness: Fairness; crypto: FairnessCrypto }> {
  const fairness = await preloadSealing();
  fairnessCrypto ??= fairness.webCryptoFairness(globalThis.crypto.subtle as never);
  return { fairness, crypto: fairnessCrypto };
}

function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

function remember(room: string, round: number, sealed: SealedChoice): void {
  kept.set(keyOf(room, round), sealed);
  try {
    // Only this game's seals are kept: the salts of older games are of no use any more.
    for (let index = sessionStorage.length - 1; index >= 0; index -= 1) {
      const key = sessionStorage.key(index);
      if (key?.startsWith(STORAGE_PREFIX) && !key.startsWith(`${STORAGE_PREFIX}${room}:`)) sessionStorage.removeItem(key);
    }
    sessionStorage.setItem(keyOf(room, round), JSON.stringify(sealed));
  } catch {
    // Storage full or refused (private mode): the seal stays in memory, enough unless the page reloads.
  }
}

function recall(room: string, round: number): SealedChoice | undefined {
  const inMemory = kept.get(keyOf(room, round));
  if (inMemory) return inMemory;
  try {
    const stored = sessionStorage.getItem(keyOf(room, round));
    return stored ? (JSON.parse(stored) as SealedChoice) : undefined;
  } catch {
    return undefined;
  }
}

/** Seals `choice` for `round` of `room` as player `userId`, keeps it, and sends the commitment. */
export async function commitChoice(room: string, round: number, userId: string, choice: Choice): Promise<void> {
  const { fairness, crypto } = await sealingTools();
  const salt = fairness.newSalt(randomBytes);
  const commitment = await fairness.computeCommitment(crypto, { room, round, userId, choice, salt });
  remember(room, round, { choice, salt, commitment });
  emitToServer('commit_choice', { room, round, commitment });
}

/** Answers a `reveal_request` with the kept choice and salt; false when this browser holds no seal for that round. */
export function revealChoice(room: string, round: number): boolean {
  const sealed = recall(room, round);
  if (!sealed) return false;
  emitToServer('reveal_choice', { room, round, choice: sealed.choice, salt: sealed.salt });
  return true;
}

/**
 * The opponent's seal of a result, checked: `'verified'` when their choice and
 * salt give back their commitment for this game, round and player; `'failed'`
 * when not; `null` for a choice that was not sealed (plain or automatic).
 */
export async function checkOpponentSeal(
  room: string,
  round: number,
  me: string,
  event: GameResultEvent,
): Promise<'verified' | 'failed' | null> {
  const first = event.player1Id !== me;
  const seal = first ? event.player1Seal : event.player2Seal;
  const choice = first ? event.player1Choice : event.player2Choice;
  const userId = first ? event.player1Id : event.player2Id;
  if (!seal) return null;
  const { fairness, crypto } = await sealingTools();
  const opened = await fairness.computeCommitment(crypto, { room, round, userId, choice, salt: seal.salt }).catch(() => null);
  return opened === seal.commitment ? 'verified' : 'failed';
}
