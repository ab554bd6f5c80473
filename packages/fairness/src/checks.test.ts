import { formatEth } from '@shifumi/money';
import { generateKeyPairSync, webcrypto } from 'node:crypto';
import type { Transcript } from '@shifumi/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allPassed, checkTranscript, CHECK_IDS, type CheckId, type TranscriptCheck } from './checks';
import { Ed25519UnavailableError, webCryptoFairness, type SubtleCryptoLike } from './crypto';
import { nodeFairnessCrypto, publicKeyBase64, signTranscript } from './node';
import { buildTranscript, randomSalt, signedTranscriptArbitrary, type PlayDraft } from './testing';

const { privateKey } = generateKeyPairSync('ed25519');
const publicKey = publicKeyBase64(privateKey);
const webCrypto = webCryptoFairness(webcrypto.subtle as unknown as SubtleCryptoLike);

const alice = { id: '11111111-1111-4111-8111-111111111111', name: 'Alice' };
const bob = { id: '22222222-2222-4222-8222-222222222222', name: 'Bob' };
const sealed = (choice: PlayDraft['choice']): PlayDraft => ({ mode: 'sealed', choice, salt: randomSalt() });
const plain = (choice: PlayDraft['choice']): PlayDraft => ({ mode: 'plain', choice, salt: randomSalt() });
const auto: PlayDraft = { mode: 'auto', choice: 'rock', salt: randomSalt() };
const unrevealed: PlayDraft = { mode: 'unrevealed', choice: 'paper', salt: randomSalt() };

function game(plays: Array<[PlayDraft, PlayDraft]>, forfeitWinner?: 0 | 1 | 'draw') {
  return buildTranscript({
    room: '33333333-3333-4333-8333-333333333333',
    players: [alice, bob],
    amountUsdt: 10,
    price: '3000',
    plays,
    ledgerTransfers: ['t-1', 't-2', 't-3'],
    ...(forfeitWinner === undefined ? {} : { forfeitWinner }),
  });
}

function verdicts(checks: TranscriptCheck[]): Record<CheckId, boolean> {
  return Object.fromEntries(checks.map((entry) => [entry.id, entry.ok])) as Record<CheckId, boolean>;
}

function failed(checks: TranscriptCheck[]): CheckId[] {
  return checks.filter((entry) => !entry.ok).map((entry) => entry.id);
}

/** A transcript changed, then signed again by the real key: only the semantic checks can catch the change. */
function resigned(transcript: Transcript, change: (copy: Transcript) => void): Transcript {
  const copy = structuredClone(transcript);
  change(copy);
  return signTranscript(copy, privateKey);
}

const aliceWins = signTranscript(
  game([
    [sealed('rock'), sealed('scissors')],
    [sealed('paper'), plain('paper')],
    [plain('scissors'), auto],
    [sealed('paper'), sealed('rock')],
  ]),
  privateKey,
);

describe('checkTranscript', () => {
  it('passes every check of a valid signed transcript, with Node crypto and with Web Crypto alike', async () => {
    for (const crypto of [nodeFairnessCrypto, webCrypto]) {
      const checks = await checkTranscript(aliceWins, publicKey, crypto);
      expect(checks.map((entry) => entry.id)).toEqual([...CHECK_IDS]);
      expect(failed(checks)).toEqual([]);
      expect(allPassed(checks)).toBe(true);
      for (const entry of checks) expect(entry.title.length * entry.meaning.length * entry.detail.length).toBeGreaterThan(0);
    }
    expect(aliceWins.winnerId).toBe(alice.id);
    expect(aliceWins.payoutWei).toBe((2n * BigInt(aliceWins.stakeWei)).toString());
    // $10 at $3000/ETH, rounded up to the wei.
    expect(aliceWins.stakeWei).toBe('3333333333333334');
  });

  it('fails the signature with another key, without a key, or with a key that is not 32 bytes', async () => {
    const other = publicKeyBase64(generateKeyPairSync('ed25519').privateKey);
    expect(failed(await checkTranscript(aliceWins, other, webCrypto))).toEqual(['signature']);
    const noKey = await checkTranscript(aliceWins, null, webCrypto);
    expect(failed(noKey)).toEqual(['signature']);
    expect(noKey[1]!.detail).toMatch(/No public key/);
    expect((await checkTranscript(aliceWins, 'AAAA', webCrypto))[1]!.detail).toMatch(/32 bytes/);
  });

  it('fails the commitments when a revealed choice or salt does not give back the commitment', async () => {
    const otherChoice = resigned(aliceWins, (copy) => {
      copy.rounds[0]!.results[alice.id]!.choice = 'paper';
    });
    // Paper against scissors also changes the round's winner.
    expect(failed(await checkTranscript(otherChoice, publicKey, webCrypto))).toEqual(['commitments', 'rounds']);
    const otherSalt = resigned(aliceWins, (copy) => {
      copy.rounds[1]!.results[alice.id]!.salt = randomSalt();
    });
    const checks = await checkTranscript(otherSalt, publicKey, webCrypto);
    expect(failed(checks)).toEqual(['commitments']);
    expect(checks.find((entry) => entry.id === 'commitments')!.detail).toBe(
      'Round 2: the choice and salt of Alice do not give back the commitment.',
    );
    // Issue 27: the same outcome as a key and its values, for a page to say in its reader's language.
    expect(checks.find((entry) => entry.id === 'commitments')!.reason).toEqual({
      key: 'commitmentMismatch',
      values: [2, 'Alice'],
    });
  });

  it('fails the commitments for a seal bound to another room, round or player (a copied commitment)', async () => {
    const copied = resigned(aliceWins, (copy) => {
      // Bob copies Alice's round-4 commitment and salt and reveals her choice: the seal names Alice, not Bob.
      const alices = copy.rounds[3]!.results[alice.id]!;
      copy.rounds[3]!.results[bob.id] = { ...alices };
      copy.rounds[3]!.winnerId = 'draw';
    });
    expect(failed(await checkTranscript(copied, publicKey, webCrypto))).toContain('commitments');
    const movedRound = resigned(aliceWins, (copy) => {
      // Round 1's sealed results put in round 4's place (same choices would win for Alice): bound to round 1.
      copy.rounds[3]!.results = structuredClone(copy.rounds[0]!.results);
    });
    expect(failed(await checkTranscript(movedRound, publicKey, webCrypto))).toEqual(['commitments']);
    const otherRoom = resigned(aliceWins, (copy) => {
      copy.room = '44444444-4444-4444-8444-444444444444';
    });
    expect(failed(await checkTranscript(otherRoom, publicKey, webCrypto))).toEqual(['commitments']);
  });

  it("fails the rounds when a round's winner is not who the rules say", async () => {
    const wrong = resigned(aliceWins, (copy) => {
      copy.rounds[1]!.winnerId = alice.id;
    });
    const checks = await checkTranscript(wrong, publicKey, webCrypto);
    expect(verdicts(checks).rounds).toBe(false);
    expect(checks.find((entry) => entry.id === 'rounds')!.detail).toBe(
      'Round 2: the transcript says Alice, the rules say a draw.',
    );
    // Issue 27 (decision 063): a draw is a typed value in the reason, never the English word a page would compare.
    expect(checks.find((entry) => entry.id === 'rounds')!.reason).toEqual({
      key: 'roundWrongWinner',
      values: [2, 'Alice', { draw: true }],
    });
  });

  it('gives amounts in the reason as wei (a page writes them its own way), in the detail as ETH', async () => {
    const checks = await checkTranscript(aliceWins, publicKey, webCrypto);
    const payout = checks.find((entry) => entry.id === 'payout')!;
    expect(payout.reason).toEqual({ key: 'payoutRight', values: [{ eth: aliceWins.payoutWei }] });
    expect(payout.detail).toBe(`${formatEth(BigInt(aliceWins.payoutWei))} ETH, as the result says.`);
  });

  it('an unrevealed seal loses the round; both unrevealed is a draw; an automatic choice is rock', async () => {
    const transcript = signTranscript(
      game([
        [unrevealed, sealed('scissors')],
        [unrevealed, unrevealed],
        [auto, sealed('scissors')],
        [sealed('paper'), unrevealed],
        [plain('paper'), sealed('paper')],
        [unrevealed, plain('rock')],
      ]),
      privateKey,
    );
    expect(transcript.rounds.map((round) => round.winnerId)).toEqual([bob.id, 'draw', alice.id, alice.id]);
    expect(transcript.winnerId).toBe(alice.id);
    expect(failed(await checkTranscript(transcript, publicKey, webCrypto))).toEqual([]);
    const unrevealedWins = resigned(transcript, (copy) => {
      copy.rounds[0]!.winnerId = alice.id;
    });
    expect(failed(await checkTranscript(unrevealedWins, publicKey, webCrypto))).toContain('rounds');
  });

  it('fails the winner when it is not who reached 2 round wins, or rounds were played after', async () => {
    const wrongWinner = resigned(aliceWins, (copy) => {
      copy.winnerId = bob.id;
    });
    expect(failed(await checkTranscript(wrongWinner, publicKey, webCrypto))).toEqual(['winner']);
    const extraRound = resigned(aliceWins, (copy) => {
      copy.rounds.push({ ...structuredClone(copy.rounds[1]!), round: 5 });
      // Round 2's seals are bound to round 2: make round 5 plain so that only the winner check speaks.
      for (const result of Object.values(copy.rounds[4]!.results)) {
        result.mode = 'plain';
        delete result.commitment;
        delete result.salt;
      }
    });
    expect(failed(await checkTranscript(extraRound, publicKey, webCrypto))).toEqual(['winner']);
  });

  it('ten rounds without a winner are a draw and refund each stake; an earlier end is a forfeit the signature vouches for', async () => {
    const draws = Array.from({ length: 10 }, (): [PlayDraft, PlayDraft] => [sealed('rock'), sealed('rock')]);
    const drawn = signTranscript(game(draws), privateKey);
    expect(drawn.winnerId).toBe('draw');
    expect(drawn.payoutWei).toBe(drawn.stakeWei);
    expect(failed(await checkTranscript(drawn, publicKey, webCrypto))).toEqual([]);
    const claimed = resigned(drawn, (copy) => {
      copy.winnerId = alice.id;
      copy.payoutWei = (2n * BigInt(copy.stakeWei)).toString();
    });
    expect(failed(await checkTranscript(claimed, publicKey, webCrypto))).toEqual(['winner']);

    const forfeit = signTranscript(game([[sealed('rock'), sealed('paper')]], 0), privateKey);
    const checks = await checkTranscript(forfeit, publicKey, webCrypto);
    expect(failed(checks)).toEqual([]);
    expect(checks.find((entry) => entry.id === 'winner')!.detail).toMatch(/ended before the rounds decided it/);
  });

  it('fails the payout unless it is 2 × stake to a winner or the stake back in a draw, and the stake unless it is the bet at the price', async () => {
    const short = resigned(aliceWins, (copy) => {
      copy.payoutWei = (2n * BigInt(copy.stakeWei) - 1n).toString();
    });
    expect(failed(await checkTranscript(short, publicKey, webCrypto))).toEqual(['payout']);
    const cheapStake = resigned(aliceWins, (copy) => {
      copy.stakeWei = (BigInt(copy.stakeWei) - 1n).toString();
      copy.payoutWei = (2n * BigInt(copy.stakeWei)).toString();
    });
    expect(failed(await checkTranscript(cheapStake, publicKey, webCrypto))).toEqual(['stake']);
    const otherPrice = resigned(aliceWins, (copy) => {
      copy.price = '3000.01';
    });
    expect(failed(await checkTranscript(otherPrice, publicKey, webCrypto))).toEqual(['stake']);
    const zeroPrice = resigned(aliceWins, (copy) => {
      copy.price = '0';
    });
    const checks = await checkTranscript(zeroPrice, publicKey, webCrypto);
    expect(failed(checks)).toEqual(['stake']);
    expect(checks.find((entry) => entry.id === 'stake')!.detail).toBe('The recorded price is not a usable ETH/USD price.');
  });

  it('a transcript that is not well-formed fails the format and every check that needs it, never throws', async () => {
    for (const input of [
      null,
      42,
      'text',
      [],
      {},
      { ...aliceWins, version: 2 },
      { ...aliceWins, extra: true },
      { ...aliceWins, players: [alice, alice] },
    ]) {
      const checks = await checkTranscript(input, publicKey, webCrypto);
      expect(checks.map((entry) => entry.id)).toEqual([...CHECK_IDS]);
      expect(checks[0]!.ok).toBe(false);
      expect(allPassed(checks)).toBe(false);
    }
    const missingResult = resigned(aliceWins, (copy) => {
      delete copy.rounds[0]!.results[bob.id];
    });
    const checks = await checkTranscript(missingResult, publicKey, webCrypto);
    expect(checks[0]!.detail).toBe('Round 1 does not hold exactly one result for each of the two players.');
    expect(checks[1]!.ok).toBe(true);
  });

  it('says what is wrong with a format by what it is, never by the schema’s words (issue 27)', async () => {
    const { price: _price, ...withoutPrice } = aliceWins;
    const cases: Array<[unknown, string, unknown]> = [
      [withoutPrice, 'price: missing', { problem: 'missing' }],
      [{ ...aliceWins, version: 2 }, 'version: not one of the allowed values', { problem: 'notAllowed' }],
      [{ ...aliceWins, extra: true }, 'transcript: not expected here: extra', { problem: 'unknownField', bound: 'extra' }],
      [{ ...aliceWins, players: [alice, alice] }, 'players: the same player twice', { problem: 'samePlayerTwice' }],
      [{ ...aliceWins, stakeWei: 12 }, 'stakeWei: not of the expected type', { problem: 'wrongType' }],
    ];
    for (const [input, detail, problem] of cases) {
      const [format] = await checkTranscript(input, publicKey, webCrypto);
      expect(format!.detail).toBe(detail);
      expect(format!.reason).toEqual({ key: 'badFormat', values: [detail.split(':')[0], problem] });
    }
  });

  it('says so when the platform has no Ed25519, and passes the check with a fallback verifier', async () => {
    const noEd25519: SubtleCryptoLike = {
      digest: (algorithm, data) => webcrypto.subtle.digest(algorithm, data),
      importKey: () => Promise.reject(Object.assign(new Error('Unrecognized name.'), { name: 'NotSupportedError' })),
      verify: () => Promise.reject(new Error('unreachable')),
    };
    const without = await checkTranscript(aliceWins, publicKey, webCryptoFairness(noEd25519));
    expect(failed(without)).toEqual(['signature']);
    expect(without[1]!.detail).toMatch(/cannot check Ed25519/);
    const withFallback = await checkTranscript(
      aliceWins,
      publicKey,
      webCryptoFairness(noEd25519, nodeFairnessCrypto.verifyEd25519),
    );
    expect(failed(withFallback)).toEqual([]);
    await expect(
      webCryptoFairness(noEd25519).verifyEd25519(new Uint8Array(32), new Uint8Array(1), new Uint8Array(64)),
    ).rejects.toThrow(Ed25519UnavailableError);
  });
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value of a JSON document (the root excluded). */
function pathsOf(value: Json, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== 'object') return [];
  const entries: Array<[string | number, Json]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

/** A value different from `value` (a changed character, a number off by one, another type). */
function changed(value: Json, pick: number): Json {
  if (typeof value === 'string') {
    if (value.length === 0) return 'x';
    const last = value.at(-1)!;
    const alphabet = 'aAbB09+/=-x';
    const replacement = [...alphabet].filter((character) => character !== last)[pick % (alphabet.length - 1)]!;
    return value.slice(0, -1) + replacement;
  }
  if (typeof value === 'number') return pick % 2 === 0 ? value + 1 : String(value);
  if (typeof value === 'boolean') return !value;
  if (value === null) return pick % 2 === 0 ? 'rock' : 0;
  return pick % 2 === 0 ? null : Array.isArray(value) ? [...value, 1] : { ...value, extra: 1 };
}

/** Applies one change at one path: replace the value, delete the field, or rename the key. */
function mutate(document: Json, path: Array<string | number>, operation: 'replace' | 'delete' | 'rename', pick: number): Json {
  const copy = structuredClone(document);
  let parent = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const key = path.at(-1)!;
  if (operation === 'replace' || Array.isArray(parent)) {
    parent[key] = changed(parent[key]!, pick);
  } else if (operation === 'delete') {
    delete parent[key];
  } else {
    parent[`${String(key)}_`] = parent[key]!;
    delete parent[key];
  }
  return copy;
}

describe('checkTranscript (properties)', () => {
  it('every valid signed transcript passes every check', async () => {
    await fc.assert(
      fc.asyncProperty(signedTranscriptArbitrary(privateKey), async (transcript) => {
        expect(failed(await checkTranscript(transcript, publicKey, webCrypto))).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('any single changed, removed or renamed field of a valid signed transcript fails some check', async () => {
    await fc.assert(
      fc.asyncProperty(
        signedTranscriptArbitrary(privateKey),
        fc.nat(),
        fc.constantFrom('replace', 'delete', 'rename') as fc.Arbitrary<'replace' | 'delete' | 'rename'>,
        fc.nat(),
        async (transcript, pathPick, operation, pick) => {
          const paths = pathsOf(transcript as unknown as Json);
          const path = paths[pathPick % paths.length]!;
          const tampered = mutate(transcript as unknown as Json, path, operation, pick);
          const checks = await checkTranscript(tampered, publicKey, webCrypto);
          expect(allPassed(checks), `${operation} ${path.join('.')}`).toBe(false);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a semantic change signed again by the real key is still caught: a changed choice, round winner, game winner or payout', async () => {
    await fc.assert(
      fc.asyncProperty(
        signedTranscriptArbitrary(privateKey),
        fc.nat(),
        fc.constantFrom('choice', 'roundWinner', 'winner', 'payout'),
        async (transcript, pick, field) => {
          const rounds = transcript.rounds;
          const tampered = resigned(transcript, (copy) => {
            const ids = copy.players.map((player) => player.id);
            const others = (current: string) => [...ids, 'draw'].filter((candidate) => candidate !== current);
            if (field === 'payout') copy.payoutWei = (BigInt(copy.payoutWei) + 1n + BigInt(pick % 1000)).toString();
            else if (field === 'winner' || rounds.length === 0) copy.winnerId = others(copy.winnerId)[pick % 2]!;
            else {
              const round = copy.rounds[pick % rounds.length]!;
              if (field === 'roundWinner') round.winnerId = others(round.winnerId)[pick % 2]!;
              else {
                const result = round.results[ids[pick % 2]!]!;
                if (result.choice === null || result.mode === 'auto') round.winnerId = others(round.winnerId)[pick % 2]!;
                else result.choice = result.choice === 'rock' ? 'paper' : 'rock';
              }
            }
          });
          const checks = await checkTranscript(tampered, publicKey, webCrypto);
          // A forfeit's winner and a plain choice whose round result still holds are the server's word: the signature
          // vouches for them, and a re-signed change is only caught when the rules or the seals contradict it.
          const forfeit = checks.find((entry) => entry.id === 'winner')!.detail.includes('ended before');
          const changedGameWinner = field === 'winner' || (field !== 'payout' && rounds.length === 0);
          if (field === 'payout' || (changedGameWinner && !forfeit) || (field === 'roundWinner' && !changedGameWinner))
            expect(allPassed(checks)).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });
});
