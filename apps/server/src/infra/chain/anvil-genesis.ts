/**
 * Issue 29: the chain's genesis kept identical across restarts. Anvil
 * (checked against 1.7.1) dumps, from a run that loaded its state and mined
 * nothing, a genesis block re-created from that run's start time: block 0's
 * hash changed on the next restart — and the deposit watcher, which checks
 * the genesis hash, rightly refused the "other" chain and stopped crediting.
 * Starting with `--timestamp <genesis>` keeps block 0 identical;
 * `anvil_setTime` then puts the clock of the next blocks back to now.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { rpcCall } from './anvil-process';

/** The recorded genesis timestamp, or undefined when none was recorded (or it is unreadable). */
export function readGenesisTimestamp(file: string): number | undefined {
  try {
    const value = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Once anvil answers: records the genesis of a new chain (or one from before
 * the pin) for the next starts, or, on a chain started with its pinned
 * genesis, sets the clock back to now.
 */
export async function keepGenesis(rpcUrl: string, genesisFile: string, pinnedGenesis: number | undefined): Promise<void> {
  if (pinnedGenesis === undefined) {
    const genesis = await rpcCall<{ timestamp: string }>(rpcUrl, 'eth_getBlockByNumber', ['0x0', false]);
    writeFileSync(genesisFile, `${Number(BigInt(genesis.timestamp))}\n`);
    return;
  }
  // --timestamp also set the clock back to the genesis: the next block follows now (and the last block).
  const latest = await rpcCall<{ timestamp: string }>(rpcUrl, 'eth_getBlockByNumber', ['latest', false]);
  const now = Math.max(Math.floor(Date.now() / 1000), Number(BigInt(latest.timestamp)) + 1);
  await rpcCall(rpcUrl, 'anvil_setTime', [now]);
}
