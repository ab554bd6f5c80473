/**
 * The services' adapters and their defaults, resolved before any service is
 * built (composition.ts calls it): the realtime side of the modules' event
 * interfaces, the password hasher, the metrics, the keys (transcripts, two-
 * factor secrets), the HD wallet of the deposit addresses and the signature
 * verifier — what a test or main.ts may give, and what an app built without
 * them uses instead.
 */
import type { KeyObject } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { generateSigningSeed, parseSigningKey } from '@shifumi/fairness/node';
import { verifyMessage } from 'viem';
import type { AppConfig } from '../config';
import type { ChainPublicClient } from '../infra/chain/chain-client';
import type { ChainContext } from '../infra/chain/chain-runtime';
import { DEV_MNEMONIC, HdWallet } from '../infra/chain/hd-wallet';
import type { Mailer } from '../infra/mailer/mailer';
import { createMetrics, type Metrics } from '../infra/metrics';
import { createArgon2PasswordHasher, type PasswordHasher } from '../modules/auth/passwords';
import type { FetchFn } from '../modules/price/price.service';
import { createRealtimePorts, type RealtimePorts } from '../realtime/realtime-ports';
import type { Logger } from '../shared/logger';
import type { Transport } from './transport';

export interface AdapterOptions {
  config: AppConfig;
  logger: Logger;
  mailer: Mailer;
  transport: Pick<Transport, 'io' | 'publicIo'>;
  passwords?: PasswordHasher;
  priceFetch?: FetchFn;
  chain?: ChainContext;
  metrics?: Metrics;
  fairnessSigningKey?: KeyObject;
}

export interface ServiceAdapters {
  /** The mailer the outbox's worker sends through (SMTP or the log). */
  mailer: Mailer;
  /** The transports' side of the modules' event interfaces (realtime/). */
  realtime: RealtimePorts;
  passwords: PasswordHasher;
  /** The fetch the price service uses (absent: the global one). */
  priceFetch?: FetchFn;
  /** The chain; absent (tests of other parts): deposit addresses from the development mnemonic, nothing watches a chain. */
  chain?: ChainContext;
  /** Derives the deposit addresses. */
  hdWallet: HdWallet;
  /** Verifies sign-in signatures (on the chain: contract wallets too; without: plain accounts only). */
  signatures: Pick<ChainPublicClient, 'verifyMessage'>;
  metrics: Metrics;
  /** Signs game transcripts and solvency snapshots. */
  fairnessSigningKey: KeyObject;
  /** Seals two-factor secrets (64 hex digits). */
  twoFactorKey: string;
}

export function resolveServiceAdapters(options: AdapterOptions): ServiceAdapters {
  const { config, logger, chain } = options;
  // Issue 13. main.ts always resolves the key (config or DATA_DIR); an app built without one (tests) uses a key of its own.
  if (config.twoFactorEncryptionKey === undefined) logger.info('Two-factor secrets are sealed with a key of this process only');
  return {
    mailer: options.mailer,
    realtime: createRealtimePorts(options.transport.io, options.transport.publicIo),
    passwords: options.passwords ?? createArgon2PasswordHasher(),
    ...(options.priceFetch ? { priceFetch: options.priceFetch } : {}),
    ...(chain ? { chain } : {}),
    hdWallet: chain?.hdWallet ?? new HdWallet(DEV_MNEMONIC),
    // Without a chain (tests of other parts) only plain accounts' signatures can be checked.
    signatures: chain?.publicClient ?? {
      verifyMessage: ({ address, message, signature }) => verifyMessage({ address, message, signature }),
    },
    metrics: options.metrics ?? createMetrics({ nodeId: config.nodeId, logger }),
    fairnessSigningKey: options.fairnessSigningKey ?? parseSigningKey(config.fairnessSigningKey ?? generateSigningSeed()),
    twoFactorKey: config.twoFactorEncryptionKey ?? randomBytes(32).toString('hex'),
  };
}
