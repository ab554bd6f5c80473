/**
 * `npm run dev:deposit -- <email-or-address> <eth>`: sends ETH from a funded
 * anvil account (index 1 of the development mnemonic — never the hot wallet,
 * index 0, whose nonces the withdrawal sender owns) to a user's deposit
 * address on the development chain, so that anyone can try the whole loop.
 *
 * An e-mail is looked up in PostgreSQL when DATABASE_URL is set, otherwise
 * asked of the running server (the embedded PGlite admits one process), which
 * answers that question on the development chain only.
 */
import { parseEthAmount, formatEth } from '@shifumi/money';
import { isValidEthereumAddress } from '@shifumi/protocol';
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { loadConfig } from '../config';
import { createChainPublicClient, createChainWalletClient } from '../infra/chain/chain-client';
import { DEV_CHAIN_ID, DEV_MNEMONIC } from '../infra/chain/hd-wallet';
import { openDatabase } from '../infra/db/database';

const USAGE = 'usage: npm run dev:deposit -- <email-or-address> <eth>   e.g. npm run dev:deposit -- ann@example.com 0.5';

class UsageError extends Error {}

async function depositAddressOf(target: string, config: ReturnType<typeof loadConfig>): Promise<Address> {
  if (target.startsWith('0x')) {
    if (!isValidEthereumAddress(target)) throw new UsageError(`${target} is not a valid Ethereum address`);
    return target.toLowerCase() as Address;
  }
  const email = target.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`${target} is neither an e-mail address nor an Ethereum address`);
  if (config.databaseUrl) {
    const handle = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
    try {
      const rows = await handle.db.execute<{ wallet_address: string | null }>(
        sql`SELECT wallet_address FROM users WHERE lower(email) = ${email}`,
      );
      const address = rows.rows[0]?.wallet_address;
      if (!address) throw new UsageError(`no account with a deposit address for ${email} (sign in once to get one)`);
      return address.toLowerCase() as Address;
    } finally {
      await handle.close();
    }
  }
  const server = `http://127.0.0.1:${config.port}`;
  const response = await fetch(`${server}/api/dev/deposit-address`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  }).catch(() => {
    throw new UsageError(
      `the server is not running on ${server}: start it (npm start) or pass the deposit address instead of the e-mail`,
    );
  });
  const body = (await response.json()) as { address?: string; message?: string };
  if (!response.ok || !body.address) throw new UsageError(body.message ?? `the server answered ${response.status}`);
  return body.address as Address;
}

async function main(): Promise<void> {
  const [target, amount, ...rest] = process.argv.slice(2);
  if (target === undefined || amount === undefined || rest.length > 0) throw new UsageError(USAGE);
  const parsed = parseEthAmount(amount);
  if (!parsed.ok) throw new UsageError(`${amount} is not a positive amount of ETH (at most 18 decimals)`);
  const config = loadConfig(process.env);
  const rpcUrl = config.ethRpcUrl ?? `http://127.0.0.1:${config.anvilPort}`;
  const publicClient = createChainPublicClient({ rpcUrl, chainId: DEV_CHAIN_ID });
  const chainId = await publicClient.getChainId().catch(() => {
    throw new UsageError(`no chain answers at ${rpcUrl}: start the server (npm start) first, or set ETH_RPC_URL`);
  });
  if (chainId !== DEV_CHAIN_ID)
    throw new UsageError(`dev:deposit only sends on the development chain (31337); ${rpcUrl} serves chain ${chainId}`);

  const to = await depositAddressOf(target, config);
  const payer = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 1 });
  const wallet = createChainWalletClient({ rpcUrl, chainId, account: payer });
  const hash = await wallet.sendTransaction({ to, value: parsed.wei });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 250, timeout: 60_000 });
  console.log(
    `Sent ${formatEth(parsed.wei)} ETH to ${to} in transaction ${hash} (block ${receipt.blockNumber}, ${receipt.status}); ` +
      'the server credits it once the block has the required confirmations.',
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`dev:deposit: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
