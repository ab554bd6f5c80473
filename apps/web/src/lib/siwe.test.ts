import { describe, expect, it } from 'vitest';
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { buildSiweMessage, SIWE_STATEMENTS } from './siwe';

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('buildSiweMessage', () => {
  it('binds the message to this page, the chain, the nonce and ten minutes', () => {
    const now = new Date('2026-11-23T10:00:00.000Z');
    const message = buildSiweMessage({
      address,
      chainId: 31337,
      nonce: 'abcdef123456',
      purpose: 'signIn',
      location: { host: 'localhost:3100', origin: 'http://localhost:3100' },
      now,
    });
    const fields = parseSiweMessage(message);
    expect(fields).toMatchObject({
      domain: 'localhost:3100',
      uri: 'http://localhost:3100',
      address,
      chainId: 31337,
      nonce: 'abcdef123456',
      version: '1',
      statement: SIWE_STATEMENTS.signIn,
    });
    expect(fields.issuedAt?.toISOString()).toBe(now.toISOString());
    expect(fields.expirationTime?.toISOString()).toBe('2026-11-23T10:10:00.000Z');
    expect(
      validateSiweMessage({
        message: fields,
        domain: 'localhost:3100',
        nonce: 'abcdef123456',
        time: new Date('2026-11-23T10:09:59Z'),
      }),
    ).toBe(true);
    expect(validateSiweMessage({ message: fields, time: new Date('2026-11-23T10:10:01Z') })).toBe(false);
  });

  it('says what the signature is for', () => {
    const message = buildSiweMessage({
      address,
      chainId: 1,
      nonce: 'abcdef123456',
      purpose: 'link',
      location: { host: 'a.example', origin: 'https://a.example' },
    });
    expect(parseSiweMessage(message).statement).toBe(SIWE_STATEMENTS.link);
  });
});
