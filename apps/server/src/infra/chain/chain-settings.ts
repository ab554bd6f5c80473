import { ConfigError } from '../../shared/config-error';
import { DEV_CHAIN_ID, DEV_MNEMONIC, isDevChain, normalizeMnemonic } from './hd-wallet';

/** What the chain rules read of the configuration (config.ts's Config has it all). */
export interface ChainSettingsInput {
  chainId: number | undefined;
  depositMnemonic: string | undefined;
  hotWalletPrivateKey: string | undefined;
  depositConfirmations: number | undefined;
  withdrawalConfirmations: number | undefined;
}

/** The wallet secrets and confirmation counts once the chain id is known. */
export interface ChainSettings {
  chainId: number;
  development: boolean;
  /** Secret. */
  depositMnemonic: string;
  /** Secret; undefined → the hot wallet is m/44'/60'/0'/0/0 of the mnemonic. */
  hotWalletPrivateKey: string | undefined;
  depositConfirmations: number;
  withdrawalConfirmations: number;
}

/**
 * Applies the chain-dependent rules once the chain id is known: the
 * well-known development mnemonic is the default on the development chain
 * (31337) only; on any other chain DEPOSIT_MNEMONIC is required and may not
 * be the development one. Confirmations default to 12, or 1 on the
 * development chain.
 */
export function resolveChainSettings(config: ChainSettingsInput, chainId: number): ChainSettings {
  const development = isDevChain(chainId);
  if (config.chainId !== undefined && config.chainId !== chainId) {
    throw new ConfigError(`Invalid environment: CHAIN_ID is ${config.chainId} but the Ethereum node serves chain ${chainId}`);
  }
  const mnemonic = config.depositMnemonic === undefined ? undefined : normalizeMnemonic(config.depositMnemonic);
  if (!development) {
    if (mnemonic === undefined) {
      throw new ConfigError(
        `Invalid environment: DEPOSIT_MNEMONIC is required on chain ${chainId} (the development mnemonic is only a default on the development chain ${DEV_CHAIN_ID})`,
      );
    }
    if (mnemonic === DEV_MNEMONIC) {
      throw new ConfigError(
        `Invalid environment: DEPOSIT_MNEMONIC is the public development mnemonic, which is refused on chain ${chainId}`,
      );
    }
  }
  const defaultConfirmations = development ? 1 : 12;
  const depositConfirmations = config.depositConfirmations ?? defaultConfirmations;
  return {
    chainId,
    development,
    depositMnemonic: mnemonic ?? DEV_MNEMONIC,
    hotWalletPrivateKey: config.hotWalletPrivateKey,
    depositConfirmations,
    withdrawalConfirmations: config.withdrawalConfirmations ?? depositConfirmations,
  };
}
