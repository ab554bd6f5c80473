import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, helmetOptions, WALLET_CSP_ADDITIONS, webSocketOrigin } from './security';

describe('buildContentSecurityPolicy', () => {
  it('allows WebSockets back to the app origin only', () => {
    expect(webSocketOrigin('http://localhost:3000')).toBe('ws://localhost:3000');
    expect(webSocketOrigin('https://shifumi.example.com')).toBe('wss://shifumi.example.com');
    expect(buildContentSecurityPolicy('https://shifumi.example.com')['connect-src']).toEqual([
      "'self'",
      'wss://shifumi.example.com',
    ]);
  });

  it('upgrades insecure requests only on https', () => {
    expect(buildContentSecurityPolicy('https://shifumi.example.com')).toHaveProperty('upgrade-insecure-requests');
    expect(buildContentSecurityPolicy('http://localhost:3000')).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('frames nothing without additions', () => {
    expect(buildContentSecurityPolicy('https://shifumi.example.com')['frame-src']).toEqual(["'none'"]);
  });

  it('adds the wallet stack sources without loosening the rest', () => {
    const csp = buildContentSecurityPolicy('https://shifumi.example.com', WALLET_CSP_ADDITIONS);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'wss://shifumi.example.com',
      'wss://relay.walletconnect.org',
      'wss://relay.walletconnect.com',
      'https://rpc.walletconnect.org',
      'https://rpc.walletconnect.com',
      'https://*.walletconnect.com',
      'https://*.walletconnect.org',
      'https://pulse.walletconnect.org',
      'https://api.web3modal.org',
      'https://api.web3modal.com',
      'https://*.coinbase.com',
      'wss://*.coinbase.com',
    ]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.walletconnect.com', 'https://*.walletconnect.org']);
    expect(csp['frame-src']).toEqual(['https://verify.walletconnect.org', 'https://verify.walletconnect.com']);
    // Everything else stays as strict as without a wallet.
    const strict = buildContentSecurityPolicy('https://shifumi.example.com');
    for (const directive of Object.keys(strict).filter((name) => !['connect-src', 'img-src', 'frame-src'].includes(name))) {
      expect(csp[directive], directive).toEqual(strict[directive]);
    }
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(Object.keys(csp)).toEqual(Object.keys(strict));
  });

  it('never lists a node or an explorer: the chain is read through the app itself', () => {
    const sources = Object.values(buildContentSecurityPolicy('https://shifumi.example.com', WALLET_CSP_ADDITIONS)).flat();
    expect(sources.filter((source) => /infura|alchemy|etherscan|localhost:8545|coingecko/.test(source))).toEqual([]);
  });

  it('lets wallet popups keep their opener, and never lets the app be framed', () => {
    const options = helmetOptions('https://shifumi.example.com', WALLET_CSP_ADDITIONS);
    expect(options.crossOriginOpenerPolicy).toEqual({ policy: 'same-origin-allow-popups' });
    expect(options.frameguard).toEqual({ action: 'deny' });
  });
});
