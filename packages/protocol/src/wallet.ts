/**
 * Sign-In With Ethereum (EIP-4361) contract: `GET /api/auth/siwe/nonce`,
 * `POST /api/auth/siwe/verify` (sign in, answered like login) and
 * `POST /api/auth/siwe/link` (a signed-in user links a wallet).
 */
import { z } from 'zod';

/** How long an issued nonce may be used. */
export const SIWE_NONCE_TTL_SECONDS = 10 * 60;

/**
 * Issue 23: what a signed message is for, in its statement. A nonce from
 * `GET /api/auth/siwe/nonce` signs in; one from `GET /api/auth/siwe/link-nonce`
 * (signed in) links a wallet to the session that asked for it, and its
 * message carries the `link` statement. Neither is accepted for the other.
 */
export const SIWE_STATEMENTS = {
  signIn: 'Sign in to Shifumi with this wallet.',
  link: 'Link this wallet to my Shifumi account.',
} as const;

export const siweNonceResponseSchema = z.object({ nonce: z.string() });
export type SiweNonceResponse = z.infer<typeof siweNonceResponseSchema>;

export const siweVerifyRequestSchema = z.object({
  message: z
    .string({ error: 'The sign-in message is missing.' })
    .min(1, { error: 'The sign-in message is missing.' })
    .max(4_096, { error: 'The sign-in message is too long.' }),
  signature: z
    .string({ error: 'The signature is missing.' })
    .regex(/^0x[0-9a-fA-F]+$/, { error: 'The signature is not valid.' })
    .max(20_000, { error: 'The signature is not valid.' }),
  /** Issue 19: required (true) when the address has no account yet. */
  ageConfirmed: z.boolean().optional(),
  termsAccepted: z.boolean().optional(),
});
export type SiweVerifyRequest = z.infer<typeof siweVerifyRequestSchema>;

/** Why a wallet sign-in was refused: one sentence each, never more detail than the user needs. */
export const SIWE_TEXTS = {
  invalidMessage: 'The sign-in message is not valid.',
  wrongDomain: 'This sign-in message was made for another site.',
  wrongChain: 'This network is not supported. Switch to the supported network and try again.',
  badNonce: 'This sign-in request has expired or was already used. Please try again.',
  expired: 'This sign-in message has expired. Please try again.',
  notYetValid: 'This sign-in message is not valid yet.',
  badSignature: 'The signature does not match the wallet address.',
  addressTaken: 'This wallet is already linked to another account.',
  alreadyLinked: 'This wallet is already linked to your account.',
  walletLinked: 'Your wallet is now linked to your account.',
  /** Issue 23: a message (nonce) made for something else than linking a wallet to this session. */
  notForLinking: 'This signed message was not made to link a wallet to your account. Please try again.',
  notForSignIn: 'This signed message was not made to sign in. Please try again.',
} as const;

/**
 * `POST /api/chain/rpc`: the web app's read-only window on the server's chain
 * (balances, receipts, ENS, fee estimates for the wallet). The server forwards
 * only these methods, so the node's URL (often carrying an API key) stays
 * secret and the page's Content-Security-Policy stays `'self'`. Anything that
 * signs or sends goes through the user's own wallet, never through us.
 */
export const CHAIN_RPC_PATH = '/api/chain/rpc';

export const CHAIN_RPC_METHODS = [
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
] as const;
export type ChainRpcMethod = (typeof CHAIN_RPC_METHODS)[number];

/** At most this many calls in one batch. */
export const CHAIN_RPC_MAX_BATCH = 20;

export const chainRpcCallSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number().int(), z.string().max(64), z.null()]),
  method: z.enum(CHAIN_RPC_METHODS),
  params: z.array(z.unknown()).max(8).optional(),
});
export type ChainRpcCall = z.infer<typeof chainRpcCallSchema>;

export const chainRpcRequestSchema = z.union([chainRpcCallSchema, z.array(chainRpcCallSchema).min(1).max(CHAIN_RPC_MAX_BATCH)]);
export type ChainRpcRequest = z.infer<typeof chainRpcRequestSchema>;
