import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, webSocketOrigin } from './security';

describe('buildContentSecurityPolicy', () => {
  it('allows WebSockets back to the app origin only', () => {
    expect(webSocketOrigin('http://localhost:3000')).toBe('ws://localhost:3000');
    expect(webSocketOrigin('https://shifumi.example.com')).toBe('wss://shifumi.example.com');
    expect(buildContentSecurityPolicy('https://shifumi.example.com')['connect-src']).toEqual(["'self'", 'wss://shifumi.example.com']);
  });

  it('upgrades insecure requests only on https', () => {
    expect(buildContentSecurityPolicy('https://shifumi.example.com')).toHaveProperty('upgrade-insecure-requests');
    expect(buildContentSecurityPolicy('http://localhost:3000')).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('adds the wallet stack sources without loosening the rest', () => {
    const csp = buildContentSecurityPolicy('https://shifumi.example.com', {
      connectSrc: ['wss://relay.walletconnect.org', 'https://*.walletconnect.com'],
      imgSrc: ['https://*.walletconnect.com'],
      frameSrc: ['https://verify.walletconnect.org'],
    });
    expect(csp['connect-src']).toEqual(["'self'", 'wss://shifumi.example.com', 'wss://relay.walletconnect.org', 'https://*.walletconnect.com']);
    expect(csp['img-src']).toContain('https://*.walletconnect.com');
    expect(csp['frame-src']).toEqual(['https://verify.walletconnect.org']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
  });
});
