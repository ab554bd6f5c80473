import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './servers';

describe('realtime origin check', () => {
  it("accepts APP_URL's origin and clients without an Origin header", () => {
    expect(isAllowedOrigin('http://localhost:3000', 'http://localhost:3000')).toBe(true);
    expect(isAllowedOrigin(undefined, 'http://localhost:3000')).toBe(true);
  });

  it('in development, accepts the other loopback names with the same scheme and port (issue 14)', () => {
    const development = { development: true };
    expect(isAllowedOrigin('http://127.0.0.1:3000', 'http://localhost:3000', development)).toBe(true);
    expect(isAllowedOrigin('http://[::1]:3000', 'http://localhost:3000', development)).toBe(true);
    expect(isAllowedOrigin('http://localhost:3000', 'http://127.0.0.1:3000', development)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:3001', 'http://localhost:3000', development)).toBe(false);
    expect(isAllowedOrigin('https://127.0.0.1:3000', 'http://localhost:3000', development)).toBe(false);
    expect(isAllowedOrigin('http://evil.example:3000', 'http://localhost:3000', development)).toBe(false);
    expect(isAllowedOrigin('not a url', 'http://localhost:3000', development)).toBe(false);
  });

  it('outside development, or when APP_URL is not on this machine, only the exact origin', () => {
    expect(isAllowedOrigin('http://127.0.0.1:3000', 'http://localhost:3000')).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:3000', 'http://localhost:3000', { development: false })).toBe(false);
    expect(isAllowedOrigin('http://localhost:443', 'https://shifumi.example', { development: true })).toBe(false);
  });
});
