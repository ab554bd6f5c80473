/**
 * The Sign-In With Ethereum (EIP-4361) message the web app asks a wallet to
 * sign, for signing in and for linking a wallet to an account. The server
 * checks every field: its domain and URI must be this page's, its chain one
 * the server accepts, its nonce one the server issued.
 */
import { SIWE_NONCE_TTL_SECONDS, SIWE_STATEMENTS, siweNonceResponseSchema } from '@shifumi/protocol';
import type { Address } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { apiRequest } from './api-client';

/** A fresh single-use nonce from the server (valid 10 minutes) that signs in, and nothing else. */
export async function fetchSiweNonce(): Promise<string> {
  const answer = await apiRequest('/api/auth/siwe/nonce', { method: 'GET' }, siweNonceResponseSchema);
  return answer.nonce;
}

/** Issue 23: a nonce that links a wallet to this session's account, and nothing else (signed in). */
export async function fetchSiweLinkNonce(): Promise<string> {
  const answer = await apiRequest('/api/auth/siwe/link-nonce', { method: 'GET' }, siweNonceResponseSchema);
  return answer.nonce;
}

export { SIWE_STATEMENTS };

export interface SiweMessageInput {
  address: Address;
  chainId: number;
  nonce: string;
  purpose: keyof typeof SIWE_STATEMENTS;
  /** The page's location (tests pass their own). */
  location?: Pick<Location, 'host' | 'origin'>;
  now?: Date;
}

export function buildSiweMessage({
  address,
  chainId,
  nonce,
  purpose,
  location = window.location,
  now = new Date(),
}: SiweMessageInput): string {
  return createSiweMessage({
    domain: location.host,
    uri: location.origin,
    address,
    chainId,
    nonce,
    version: '1',
    statement: SIWE_STATEMENTS[purpose],
    issuedAt: now,
    // Never valid longer than the nonce it carries.
    expirationTime: new Date(now.getTime() + SIWE_NONCE_TTL_SECONDS * 1000),
  });
}
