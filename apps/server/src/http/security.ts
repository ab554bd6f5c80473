/**
 * Security headers. The Content-Security-Policy is built here and only here.
 *
 * Baseline: everything from the app's own origin, nothing inline except
 * styles (React sets `style` attributes), no plugins, no framing, no foreign
 * form targets, and realtime WebSockets back to the app's origin.
 *
 * The wallet stack (RainbowKit, wagmi, WalletConnect, Coinbase Wallet) adds
 * its sources through `CspAdditions` (WALLET_CSP_ADDITIONS, passed by app.ts),
 * without loosening the rest: no foreign script, style or font, no other
 * frame. The chain itself needs no entry: the web app reads it through the
 * server's own `/api/chain/rpc` ('self'), so no node URL or API key is ever
 * in the page. The price comes from the server too (`/api/price`).
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';

export interface CspAdditions {
  connectSrc?: readonly string[];
  imgSrc?: readonly string[];
  frameSrc?: readonly string[];
  scriptSrc?: readonly string[];
  styleSrc?: readonly string[];
  fontSrc?: readonly string[];
}

/**
 * What WalletConnect (relay, RPC, verify, pulse analytics, wallet registry
 * and icons) and Coinbase Wallet's SDK reach from the page. The server cannot
 * know whether the web app was built with a WalletConnect project id; without
 * one these origins are simply never contacted.
 */
export const WALLET_CSP_ADDITIONS = {
  connectSrc: [
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
  ],
  imgSrc: ['https://*.walletconnect.com', 'https://*.walletconnect.org'],
  // WalletConnect's Verify API checks the page's origin in an iframe.
  frameSrc: ['https://verify.walletconnect.org', 'https://verify.walletconnect.com'],
} as const satisfies CspAdditions;

/** The WebSocket origin matching the app's origin: http → ws, https → wss. */
export function webSocketOrigin(appUrl: string): string {
  const url = new URL(appUrl);
  return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

export function buildContentSecurityPolicy(appUrl: string, additions: CspAdditions = {}): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': unique(["'self'", ...(additions.scriptSrc ?? [])]),
    'style-src': unique(["'self'", "'unsafe-inline'", ...(additions.styleSrc ?? [])]),
    'img-src': unique(["'self'", 'data:', 'blob:', ...(additions.imgSrc ?? [])]),
    'font-src': unique(["'self'", 'data:', ...(additions.fontSrc ?? [])]),
    'connect-src': unique(["'self'", webSocketOrigin(appUrl), ...(additions.connectSrc ?? [])]),
    'frame-src': additions.frameSrc?.length ? unique(additions.frameSrc) : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
  };
  // On https, ask the browser to upgrade stray http:// sub-resources; on plain
  // http (local runs) that would break every request, so it is left out.
  if (new URL(appUrl).protocol === 'https:') directives['upgrade-insecure-requests'] = [];
  return directives;
}

export function helmetOptions(appUrl: string, additions: CspAdditions = {}): FastifyHelmetOptions {
  const https = new URL(appUrl).protocol === 'https:';
  return {
    contentSecurityPolicy: { useDefaults: false, directives: buildContentSecurityPolicy(appUrl, additions) },
    // Wallet SDKs (e.g. Coinbase) open popups that must keep their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // HSTS only means something over https; on http://localhost it would be ignored anyway.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}
