import { describe, expect, it } from 'vitest';
import {
  commitChoiceSchema,
  fairnessKeyResponseSchema,
  revealChoiceSchema,
  revealRequestSchema,
  sealSchema,
  transcriptResultSchema,
} from './fairness';

const hex = 'ab'.repeat(32);

describe('sealed-choice events', () => {
  it('commit_choice takes a room, a round and a lower-case hex SHA-256', () => {
    expect(commitChoiceSchema.parse({ room: 'r', round: 1, commitment: hex })).toEqual({ room: 'r', round: 1, commitment: hex });
    for (const commitment of [hex.toUpperCase(), hex.slice(2), `${hex}00`, 42, undefined]) {
      const result = commitChoiceSchema.safeParse({ room: 'r', round: 1, commitment });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('A commitment is 64 lower-case hexadecimal characters.');
    }
    for (const round of [0, 1.5, -1, '1'])
      expect(commitChoiceSchema.safeParse({ room: 'r', round, commitment: hex }).success).toBe(false);
    expect(commitChoiceSchema.safeParse({ room: '', round: 1, commitment: hex }).error?.issues[0]?.message).toBe('Unknown game.');
  });

  it('reveal_choice takes the choice and a 64-hex salt; reveal_request a room and a round', () => {
    expect(revealChoiceSchema.safeParse({ room: 'r', round: 2, choice: 'paper', salt: hex }).success).toBe(true);
    expect(revealChoiceSchema.safeParse({ room: 'r', round: 2, choice: 'lizard', salt: hex }).error?.issues[0]?.message).toBe(
      'Choose rock, paper or scissors.',
    );
    expect(
      revealChoiceSchema.safeParse({ room: 'r', round: 2, choice: 'rock', salt: 'zz'.repeat(32) }).error?.issues[0]?.message,
    ).toBe('A salt is 64 lower-case hexadecimal characters.');
    expect(revealRequestSchema.safeParse({ room: 'r', round: 3 }).success).toBe(true);
  });

  it('a seal is {commitment, salt} or null', () => {
    expect(sealSchema.parse(null)).toBeNull();
    expect(sealSchema.safeParse({ commitment: hex, salt: hex }).success).toBe(true);
    expect(sealSchema.safeParse({ commitment: hex }).success).toBe(false);
  });
});

describe('transcript results', () => {
  const at = '2026-01-01T00:00:00.000Z';
  it('accepts each mode with exactly its fields', () => {
    for (const result of [
      { mode: 'sealed', choice: 'rock', commitment: hex, salt: hex, lockedAt: at },
      { mode: 'plain', choice: 'paper', lockedAt: at },
      { mode: 'auto', choice: 'rock', lockedAt: null },
      { mode: 'unrevealed', choice: null, commitment: hex, lockedAt: at },
    ]) {
      expect(transcriptResultSchema.safeParse(result).success, result.mode).toBe(true);
    }
  });

  it('refuses a mode with the fields of another', () => {
    for (const result of [
      { mode: 'sealed', choice: 'rock', commitment: hex, lockedAt: at },
      { mode: 'plain', choice: 'paper', commitment: hex, lockedAt: at },
      { mode: 'auto', choice: 'paper', lockedAt: null },
      { mode: 'auto', choice: 'rock', lockedAt: at },
      { mode: 'unrevealed', choice: 'rock', commitment: hex, lockedAt: at },
      { mode: 'unrevealed', choice: null, lockedAt: at },
      { mode: 'plain', choice: 'paper', lockedAt: at, extra: 1 },
    ]) {
      expect(transcriptResultSchema.safeParse(result).success, JSON.stringify(result)).toBe(false);
    }
  });
});

describe('GET /api/fairness/key', () => {
  it('is {algorithm: Ed25519, publicKey: base64}', () => {
    expect(
      fairnessKeyResponseSchema.safeParse({ algorithm: 'Ed25519', publicKey: Buffer.alloc(32).toString('base64') }).success,
    ).toBe(true);
    expect(fairnessKeyResponseSchema.safeParse({ algorithm: 'RSA', publicKey: 'AAAA' }).success).toBe(false);
  });
});
