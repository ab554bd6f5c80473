import { GAME_ENGINE_REFUSAL_CODES, SOCKET_REFUSAL_TEXTS } from '@shifumi/protocol';
import { describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES, type RefusalCode } from './match';

describe('the engine’s refusals and the protocol’s table', () => {
  it('list the same codes (issue 25: the transport says every engine refusal by its code)', () => {
    expect([...GAME_ENGINE_REFUSAL_CODES].sort()).toEqual(Object.keys(REFUSAL_MESSAGES).sort());
  });

  it('say the same text for each code', () => {
    for (const code of Object.keys(REFUSAL_MESSAGES) as RefusalCode[]) {
      expect(SOCKET_REFUSAL_TEXTS[code], code).toBe(REFUSAL_MESSAGES[code]);
    }
  });
});
