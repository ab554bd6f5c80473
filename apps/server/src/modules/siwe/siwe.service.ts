/**
 * Sign-In With Ethereum (EIP-4361). The server issues single-use nonces and
 * checks everything the standard asks: the message parses; its domain is
 * APP_URL's host (with port) and its URI has APP_URL's origin; the chain id is
 * one we accept; the nonce is ours, unused and not expired (it is consumed by
 * the attempt); issued-at is not in the future; expiration has not passed and
 * not-before has; and the signature is the address's — a plain account's, or
 * a contract wallet's through ERC-1271 on the chain (viem's verifyMessage).
 *
 * Issue 23: a nonce says what it is for. A sign-in nonce signs in only; a
 * link nonce is issued to a signed-in session, links a wallet to that
 * session's account only, and its message must carry the link statement
 * (so the wallet showed its owner what they were signing). A nonce presented
 * for the wrong purpose is used up and refused.
 */
import { SIWE_NONCE_TTL_SECONDS, SIWE_STATEMENTS, siweVerifyRequestSchema } from '@shifumi/protocol';
import type { Address, Hex } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import type { ChainPublicClient } from '../../infra/chain/chain-client';
import type { Database } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { ok, refuse, type Result } from '../../shared/result';
import { newSiweNonce } from '../../shared/secure-token';
import * as repo from './siwe.repo';

/** Tolerated clock difference between the wallet and the server for issued-at. */
export const SIWE_CLOCK_SKEW_MS = 60_000;

/** What a signed message may do: sign in, or link a wallet to the account of one session. */
export type SiwePurpose = { kind: 'sign_in' } | { kind: 'link'; sessionId: string };

export interface SiweServiceDeps {
  db: Database;
  /** Verifies signatures, including contract wallets (ERC-1271) on this chain. */
  publicClient: Pick<ChainPublicClient, 'verifyMessage'>;
  appUrl: string;
  allowedChainIds: readonly number[];
  clock: Clock;
  logger: Logger;
}

export function createSiweService(deps: SiweServiceDeps) {
  const { db, clock } = deps;
  const app = new URL(deps.appUrl);

  /** Uses the nonce up, whatever its purpose; what it was issued for, or undefined when unknown, used or expired. */
  async function consumeNonce(nonce: string) {
    return repo.useNonce(db, nonce, clock(), clock());
  }

  async function insertNonce(purpose: SiwePurpose): Promise<string> {
    const nonce = newSiweNonce();
    await repo.insertNonce(db, {
      nonce,
      createdAt: clock(),
      expiresAt: new Date(clock().getTime() + SIWE_NONCE_TTL_SECONDS * 1000),
      purpose: purpose.kind,
      sessionId: purpose.kind === 'link' ? purpose.sessionId : null,
    });
    return nonce;
  }

  return {
    /** A fresh sign-in nonce, valid 10 minutes, usable once. */
    issueNonce(): Promise<string> {
      return insertNonce({ kind: 'sign_in' });
    },

    /** Issue 23: a fresh nonce that links a wallet to this session's account only. */
    issueLinkNonce(sessionId: string): Promise<string> {
      return insertNonce({ kind: 'link', sessionId });
    },

    /** The address that signed a valid message made for `purpose`, or why not. */
    async verify(
      body: unknown,
      purpose: SiwePurpose,
      beforeNonce?: (address: string) => Promise<Result<void>>,
    ): Promise<Result<Address>> {
      const parsedBody = siweVerifyRequestSchema.safeParse(body ?? {});
      if (!parsedBody.success) return refuse('invalid_input', { error: parsedBody.error });
      const { message, signature } = parsedBody.data;
      let fields;
      try {
        fields = parseSiweMessage(message);
      } catch {
        return refuse('siwe_invalid_message');
      }
      const { address, domain, uri, chainId, nonce, issuedAt, expirationTime, notBefore, version, statement } = fields;
      if (!address || !domain || !uri || chainId === undefined || !nonce || !issuedAt || version !== '1') {
        return refuse('siwe_invalid_message');
      }
      let uriOrigin: string;
      try {
        uriOrigin = new URL(uri).origin;
      } catch {
        return refuse('siwe_invalid_message');
      }
      if (domain !== app.host || uriOrigin !== app.origin) return refuse('siwe_wrong_domain');
      if (!deps.allowedChainIds.includes(chainId)) return refuse('siwe_wrong_chain');
      // The nonce goes with this attempt, whatever its outcome: a signature cannot be tried twice.
      // Issue 19: a refusal here (a first sign-in without the age and Terms confirmation) leaves the nonce unused, so the same signature can come back with them.
      if (beforeNonce) {
        const allowed = await beforeNonce(address.toLowerCase());
        if (!allowed.ok) return allowed;
      }
      const issued = await consumeNonce(nonce);
      if (!issued) return refuse('siwe_bad_nonce');
      if (purpose.kind === 'link') {
        if (issued.purpose !== 'link' || issued.sessionId !== purpose.sessionId || statement !== SIWE_STATEMENTS.link) {
          return refuse('siwe_not_for_linking');
        }
      } else if (issued.purpose !== 'sign_in' || statement === SIWE_STATEMENTS.link) {
        return refuse('siwe_not_for_sign_in');
      }
      const now = clock().getTime();
      if (issuedAt.getTime() > now + SIWE_CLOCK_SKEW_MS) return refuse('siwe_not_yet_valid');
      if (notBefore && notBefore.getTime() > now) return refuse('siwe_not_yet_valid');
      if (expirationTime && expirationTime.getTime() <= now) return refuse('siwe_expired');
      let valid = false;
      try {
        valid = await deps.publicClient.verifyMessage({ address, message, signature: signature as Hex });
      } catch (error) {
        deps.logger.warn({ err: error, address }, 'SIWE signature check failed');
        valid = false;
      }
      if (!valid) return refuse('siwe_bad_signature');
      return ok(address.toLowerCase() as Address);
    },
  };
}

export type SiweService = ReturnType<typeof createSiweService>;

/** The display name of a wallet-only account: the short address. */
export function shortAddressName(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
