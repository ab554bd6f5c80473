import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ANVIL_STATE_FILE, AnvilNotFoundError, AnvilStartError, type ChainLogger, findAnvilBinary } from './anvil-launcher';
import { type TestAnvil, pollUntil, rpc, silentLogger, startTestAnvil } from './anvil-testing';
import { DEV_MNEMONIC, HdWallet } from './hd-wallet';

const BURN = '0x000000000000000000000000000000000000dEaD';
const FIRST_DEV_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** Private key of the first development account, printed by anvil on stdout. */
const FIRST_DEV_KEY_FRAGMENT = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478';

const running: TestAnvil[] = [];
const tempDirs: string[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((anvil) => anvil.dispose()));
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function start(options: Parameters<typeof startTestAnvil>[0] = {}): Promise<TestAnvil> {
  const anvil = await startTestAnvil(options);
  running.push(anvil);
  return anvil;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shifumi-anvil-test-'));
  tempDirs.push(dir);
  return dir;
}

/** Sends ETH from the first development account and waits for the receipt (automine may answer before mining). */
async function sendEth(rpcUrl: string, to: string, wei: bigint): Promise<string> {
  const hash = await rpc<string>(rpcUrl, 'eth_sendTransaction', [
    { from: FIRST_DEV_ACCOUNT, to, value: `0x${wei.toString(16)}` },
  ]);
  await pollUntil(async () => (await rpc(rpcUrl, 'eth_getTransactionReceipt', [hash])) ?? undefined, 10_000, 'a receipt');
  return hash;
}

const blockNumber = async (rpcUrl: string) => BigInt(await rpc<string>(rpcUrl, 'eth_blockNumber'));
const blockHash = async (rpcUrl: string, number: number) =>
  (await rpc<{ hash: string }>(rpcUrl, 'eth_getBlockByNumber', [`0x${number.toString(16)}`, false])).hash;
const balance = async (rpcUrl: string, address: string) =>
  BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest']));

describe('findAnvilBinary', () => {
  it('finds the binary of the npm package, and it runs', () => {
    const binary = findAnvilBinary();
    expect(binary).toMatch(/@foundry-rs\/anvil-linux-amd64\/bin\/anvil$/);
    const version = spawnSync(binary, ['--version'], { encoding: 'utf8' });
    expect(version.stdout).toMatch(/anvil Version: \d+\.\d+/);
  });

  it('says in one line that none was found and how to use ETH_RPC_URL instead', () => {
    const error = (() => {
      try {
        findAnvilBinary({ packageName: '@shifumi/no-such-anvil', pathCommand: 'shifumi-no-such-anvil' });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(AnvilNotFoundError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('ETH_RPC_URL');
    expect(message).toContain('@foundry-rs/anvil-linux-amd64');
  });
});

describe('startAnvil', () => {
  it('starts on a free port, answers JSON-RPC with chain id 31337 and never logs the account keys', async () => {
    const logged: string[] = [];
    const record = (...args: unknown[]) => void logged.push(JSON.stringify(args));
    const logger: ChainLogger = { error: record, warn: record, info: record, debug: record };
    const anvil = await start({ logger });
    expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${anvil.port}`);
    expect(anvil.port).toBeGreaterThan(0);
    expect(await rpc(anvil.rpcUrl, 'eth_chainId')).toBe('0x7a69');
    await anvil.stop();
    expect(logged.join('\n')).toContain('anvil started');
    expect(logged.join('\n')).not.toContain(FIRST_DEV_KEY_FRAGMENT);
  });

  it('keeps blocks, hashes, receipts and balances across a stop and a restart in the same data directory', async () => {
    const dataDir = await tempDir();
    const first = await start({ dataDir });
    const txHash = await sendEth(first.rpcUrl, BURN, 123_456_789n);
    await rpc(first.rpcUrl, 'anvil_mine', ['0x4']);
    const height = await blockNumber(first.rpcUrl);
    const hashes = [await blockHash(first.rpcUrl, 0), await blockHash(first.rpcUrl, 1)];
    await first.stop();
    expect(JSON.parse(await readFile(join(dataDir, ANVIL_STATE_FILE), 'utf8'))).toHaveProperty('blocks');

    const second = await start({ dataDir });
    expect(await blockNumber(second.rpcUrl)).toBe(height);
    expect([await blockHash(second.rpcUrl, 0), await blockHash(second.rpcUrl, 1)]).toEqual(hashes);
    expect(await balance(second.rpcUrl, BURN)).toBe(123_456_789n);
    const receipt = await rpc<{ status: string }>(second.rpcUrl, 'eth_getTransactionReceipt', [txHash]);
    expect(receipt.status).toBe('0x1');
    await sendEth(second.rpcUrl, BURN, 1n);
    expect(await blockNumber(second.rpcUrl)).toBe(height + 1n);
  });

  it('keeps the genesis block across restarts of restarts (anvil re-creates it from its start time otherwise), the clock going on', async () => {
    const dataDir = await tempDir();
    let anvil = await start({ dataDir });
    const genesis = await blockHash(anvil.rpcUrl, 0);
    let lastTimestamp = 0n;
    // Restarts with and without blocks mined in between (the genesis used to change after a run that mined nothing).
    for (const [restart, mines] of [true, false, false, true, false].entries()) {
      if (mines) await sendEth(anvil.rpcUrl, BURN, 1n);
      const latest = await rpc<{ timestamp: string }>(anvil.rpcUrl, 'eth_getBlockByNumber', ['latest', false]);
      expect(BigInt(latest.timestamp)).toBeGreaterThanOrEqual(lastTimestamp);
      lastTimestamp = BigInt(latest.timestamp);
      await anvil.stop();
      // A second apart, so that a genesis re-created from the start time would differ.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      anvil = await start({ dataDir });
      expect(await blockHash(anvil.rpcUrl, 0), `after restart ${restart + 1}`).toBe(genesis);
    }
    await anvil.stop();
  });

  it('after a crash (SIGKILL), restarts from the last periodic state dump', async () => {
    const dataDir = await tempDir();
    const first = await start({ dataDir, stateIntervalSeconds: 1 });
    await sendEth(first.rpcUrl, BURN, 42n);
    await rpc(first.rpcUrl, 'anvil_mine', ['0x9']);
    const height = await blockNumber(first.rpcUrl);
    await pollUntil(
      async () => {
        try {
          const state = JSON.parse(await readFile(join(dataDir, ANVIL_STATE_FILE), 'utf8')) as { best_block_number: unknown };
          return BigInt(String(state.best_block_number)) >= height ? true : undefined;
        } catch {
          return undefined; // not written yet, or being written
        }
      },
      15_000,
      'a periodic state dump',
    );
    process.kill(first.pid, 'SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = await start({ dataDir });
    expect(await blockNumber(second.rpcUrl)).toBe(height);
    expect(await balance(second.rpcUrl, BURN)).toBe(42n);
  });

  it('mines a block every second by default', async () => {
    const anvil = await start({ blockTimeSeconds: undefined });
    await pollUntil(async () => ((await blockNumber(anvil.rpcUrl)) >= 2n ? true : undefined), 10_000, 'two blocks');
  });

  it('fails clearly when the port is taken, leaving the other process alone', async () => {
    const first = await start();
    const error = await startTestAnvil({ port: first.port }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AnvilStartError);
    expect((error as AnvilStartError).reason).toBe('port-in-use');
    expect((error as Error).message).toContain(`127.0.0.1:${first.port}`);
    expect(await rpc(first.rpcUrl, 'eth_chainId')).toBe('0x7a69');
  });

  it('refuses an unreadable state file instead of starting another chain', async () => {
    const dataDir = await tempDir();
    await writeFile(join(dataDir, ANVIL_STATE_FILE), '{"block": {"number": "0x1"');
    const error = await startTestAnvil({ dataDir }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AnvilStartError);
    expect((error as AnvilStartError).reason).toBe('state-unreadable');
    expect((error as Error).message).toContain(ANVIL_STATE_FILE);
  });

  it('funds the accounts of the given mnemonic, and refuses an invalid one without quoting it', async () => {
    const mnemonic = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
    const anvil = await start({ mnemonic });
    const accounts = await rpc<string[]>(anvil.rpcUrl, 'eth_accounts');
    expect(accounts[0]?.toLowerCase()).toBe(new HdWallet(mnemonic).hotWalletAccount().address.toLowerCase());

    const error = await startTestAnvil({ mnemonic: DEV_MNEMONIC.replace('junk', 'secretword') }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((error as AnvilStartError).reason).toBe('bad-mnemonic');
    expect((error as Error).message).not.toContain('secretword');
  });

  it('stops with SIGTERM and a state dump even right after starting, and stop() can be called again', async () => {
    // Anvil installs its SIGTERM handler after JSON-RPC answers; startAnvil waits for it.
    for (let round = 0; round < 8; round += 1) {
      const dataDir = await tempDir();
      const anvil = await start({ dataDir, logger: silentLogger });
      await Promise.all([anvil.stop(), anvil.stop()]);
      expect(await anvil.exited).toEqual({ code: 0, signal: null });
      await expect(readFile(join(dataDir, ANVIL_STATE_FILE), 'utf8')).resolves.toContain('best_block_number');
      await anvil.stop();
      await expect(rpc(anvil.rpcUrl, 'eth_chainId')).rejects.toThrow();
    }
  });
});
