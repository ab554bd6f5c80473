import { describe, expect, it } from 'vitest';
import { LOBBY_TEXTS } from './lobby-texts';
import { RESPONSIBLE_GAMING_TEXTS, SOCKET_TEXTS } from './server-texts';
import {
  GAME_REFUSAL_CODES,
  PLAY_REFUSAL_CODES,
  SOCKET_REFUSAL_CODES,
  SOCKET_REFUSAL_TEXTS,
  isSocketRefusalCode,
  socketRefusalAnswer,
  socketRefusalText,
} from './socket-refusals';
import { TEXTS } from './texts';

describe('socket refusals (issue 25)', () => {
  it('lists each code once, each with a sentence (or a function of its params) in the English table', () => {
    expect(new Set(SOCKET_REFUSAL_CODES).size).toBe(SOCKET_REFUSAL_CODES.length);
    expect(Object.keys(SOCKET_REFUSAL_TEXTS).sort()).toEqual([...SOCKET_REFUSAL_CODES].sort());
    for (const code of [...GAME_REFUSAL_CODES, ...PLAY_REFUSAL_CODES]) expect(SOCKET_REFUSAL_CODES).toContain(code);
  });

  it('keeps the texts the spec and the earlier releases said, word for word', () => {
    expect(socketRefusalText({ code: 'already_searching' })).toBe(SOCKET_TEXTS.alreadySearching);
    expect(socketRefusalText({ code: 'not_in_game' })).toBe('You are not in this game.');
    expect(socketRefusalText({ code: 'rematch_unable' })).toBe(LOBBY_TEXTS.rematchDeclined.unable);
    expect(socketRefusalText({ code: 'insufficient_balance', params: { stakeWei: 50_000_000_000_000_000n } })).toBe(
      TEXTS.insufficientBalance('0.050000'),
    );
    // Rounded up, like the stake itself: never asks for less than is needed.
    expect(socketRefusalText({ code: 'insufficient_balance', params: { stakeWei: 1n } })).toBe(
      TEXTS.insufficientBalance('0.000001'),
    );
    expect(
      socketRefusalText({
        code: 'limit_reached',
        params: { kind: 'loss', period: 'day', limitUsd: 20, freeAt: '2026-01-02 03:04 UTC' },
      }),
    ).toBe(RESPONSIBLE_GAMING_TEXTS.limitReached('loss', 'day', 20, '2026-01-02 03:04 UTC'));
    expect(
      socketRefusalText({ code: 'held_by_deposit_limit', params: { heldWei: 1_234_567_000_000_000n, freeAt: 'then' } }),
    ).toBe(RESPONSIBLE_GAMING_TEXTS.heldByDepositLimit('0.001235', 'then'));
  });

  it('answers a refusal as its code and its sentence; a reader can tell a code from anything else', () => {
    expect(socketRefusalAnswer({ code: 'moving' })).toEqual({ code: 'moving', message: SOCKET_TEXTS.moving });
    expect(isSocketRefusalCode('too-late')).toBe(true);
    expect(isSocketRefusalCode('You are not in this game.')).toBe(false);
    expect(isSocketRefusalCode(undefined)).toBe(false);
  });
});
