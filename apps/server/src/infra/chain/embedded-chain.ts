/**
 * Where the chain comes from: ETH_RPC_URL when set, otherwise an anvil started
 * here (chain 31337, a block every second, its state in DATA_DIR/anvil so that
 * a restart keeps the chain consistent with the database) and stopped with
 * the server.
 */
import path from 'node:path';
import { startAnvil, type ChainLogger } from './anvil-launcher';
import { describeRpcUrl } from './chain-client';

export interface ChainEndpoint {
  rpcUrl: string;
  /** Safe to log. */
  description: string;
  /** Stops the embedded anvil (no-op for an external endpoint). */
  stop(): Promise<void>;
}

/** @throws AnvilNotFoundError / AnvilStartError when the embedded chain cannot start */
/** What opening the endpoint reads of the configuration (config.ts's Config has it all). */
export interface EmbeddedChainConfig {
  ethRpcUrl: string | undefined;
  anvilPort: number;
  dataDir: string;
}

export async function openChainEndpoint(config: EmbeddedChainConfig, logger: ChainLogger): Promise<ChainEndpoint> {
  if (config.ethRpcUrl !== undefined) {
    return { rpcUrl: config.ethRpcUrl, description: describeRpcUrl(config.ethRpcUrl), stop: async () => undefined };
  }
  const anvil = await startAnvil({ port: config.anvilPort, dataDir: path.join(config.dataDir, 'anvil'), logger });
  return { rpcUrl: anvil.rpcUrl, description: `embedded anvil ${anvil.rpcUrl}`, stop: () => anvil.stop() };
}
