/**
 * Issue 28 (decision 031): proof of solvency. A snapshot is one consistent
 * read of what is owed to each player (a Merkle sum tree with a fresh salt per
 * player), and the ETH of the reserve addresses at one block at least
 * DEPOSIT_CONFIRMATIONS deep, each address with an EIP-191 signature of the
 * snapshot's message (the server's own keys sign the hot wallet and the
 * deposit addresses; an operator supplies the cold addresses'), the whole
 * signed with the transcripts' Ed25519 key. Taken on a schedule on the chain
 * workers' leader and when an admin asks.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { buildLiabilityTree, proofOf, rootOf, solvencyRatio, type LiabilityTree } from '@shifumi/fairness';
import { nodeFairnessCrypto } from '@shifumi/fairness/node';
import {
  reserveMessage,
  SOLVENCY_HISTORY_LENGTH,
  SOLVENCY_PROOF_RETENTION_DAYS,
  type AdminSolvency,
  type ReserveAddress,
  type ReserveSignatureRequest,
  type SolvencyHistoryEntry,
  type SolvencyProof,
  type SolvencySnapshot,
  type UnsignedSolvencySnapshot,
} from '@shifumi/protocol';
import { recoverMessageAddress, type Address, type Hex } from 'viem';
import type { Database, Executor } from '../../infra/db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { createPeriodicTask } from '../../shared/periodic-task';
import { refusal, RefusalError } from '../../shared/result';
import { appendAudit } from '../admin/audit-log';
import {
  depositAddressRows,
  entriesOf,
  hasEntry,
  insertSnapshot,
  latestSnapshot,
  purgeEntriesBefore,
  readLiabilities,
  recentSnapshots,
  snapshotById,
  updateSnapshotReserves,
  type SnapshotRow,
} from './solvency.repo';

/** What the snapshot needs of the chain: balances at a block, and the server's keys to sign with. */
export interface SolvencyChain {
  chainId: number;
  /** The chain's head. */
  blockNumber(): Promise<bigint>;
  balanceAt(address: Address, blockNumber: bigint): Promise<bigint>;
  hotWalletAddress: Address;
  signWithHotWallet(message: string): Promise<Hex>;
  /** The deposit address of an index (lower-case), and its key's signature of a message. */
  depositAddressFor(index: number): Address;
  signWithDepositKey(index: number, message: string): Promise<Hex>;
  /** DEPOSIT_CONFIRMATIONS: the block read is this deep (its own block counting as the first). */
  confirmations: number;
}

/** Who asked for a snapshot or a signature: a staff member (audited), or the schedule. */
export interface SolvencyActor {
  userId: string;
  role: string;
  ip: string;
}

export interface SolvencyDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  chain?: SolvencyChain;
  /** RESERVE_ADDRESSES: the operator's cold addresses (lower-case). */
  reserveAddresses: readonly string[];
  /** Signs the unsigned snapshot with the transcripts' Ed25519 key. */
  sign: (unsigned: UnsignedSolvencySnapshot) => SolvencySnapshot;
  /** SOLVENCY_SNAPSHOT_MINUTES × 60 000; 0: no schedule. */
  everyMs: number;
}

const DAY_MS = 86_400_000;
/** Balances read at once from the node. */
const READ_CONCURRENCY = 8;

async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size)
    results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}

function notFound(code: 'no_snapshot' | 'snapshot_not_found' | 'not_in_snapshot' | 'address_not_listed'): never {
  throw new RefusalError(refusal(code));
}

/** What a stored snapshot document is (it was written by {@link createSolvency}). */
/** A snapshot's figures as the history and the console's overview show them. */
function summaryOf(row: SnapshotRow): SolvencyHistoryEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    blockNumber: row.blockNumber.toString(),
    liabilitiesWei: row.liabilitiesWei.toString(),
    reservesWei: row.reservesWei.toString(),
    ratio: row.ratio,
  };
}

function documentOf(row: SnapshotRow): SolvencySnapshot {
  return row.document as unknown as SolvencySnapshot;
}

async function recoverSigner(message: string, signature: Hex): Promise<string | null> {
  try {
    return (await recoverMessageAddress({ message, signature })).toLowerCase();
  } catch {
    return null;
  }
}

/** The reserves at a block: the hot wallet, every deposit address holding anything, the cold addresses. */
async function readReserves(
  db: SolvencyDeps['db'],
  chain: SolvencyChain,
  reserveAddresses: SolvencyDeps['reserveAddresses'],
  id: string,
  blockNumber: bigint,
): Promise<ReserveAddress[]> {
  const message = reserveMessage(id, blockNumber);
  const addresses: ReserveAddress[] = [];
  const seen = new Set<string>();
  const hot = chain.hotWalletAddress.toLowerCase();
  addresses.push({
    address: hot,
    balanceWei: (await chain.balanceAt(hot as Address, blockNumber)).toString(),
    signature: await chain.signWithHotWallet(message),
  });
  seen.add(hot);
  const deposits = (await depositAddressRows(db)).filter((row) => !seen.has(row.address));
  const balances = await inBatches(deposits, READ_CONCURRENCY, async (row) => ({
    ...row,
    balance: await chain.balanceAt(row.address as Address, blockNumber),
  }));
  for (const row of balances) {
    if (row.balance === 0n) continue;
    // Only an address the server's own key derives is signed by it; anything else would not verify.
    const signature =
      chain.depositAddressFor(row.depositIndex) === row.address
        ? await chain.signWithDepositKey(row.depositIndex, message)
        : null;
    addresses.push({ address: row.address, balanceWei: row.balance.toString(), signature });
    seen.add(row.address);
  }
  for (const cold of reserveAddresses) {
    if (seen.has(cold)) continue;
    addresses.push({
      address: cold,
      balanceWei: (await chain.balanceAt(cold as Address, blockNumber)).toString(),
      signature: null,
    });
    seen.add(cold);
  }
  return addresses;
}

function countedWei(addresses: readonly ReserveAddress[]): bigint {
  return addresses.filter((entry) => entry.signature !== null).reduce((total, entry) => total + BigInt(entry.balanceWei), 0n);
}

/**
 * Takes a snapshot now. The ledger is read first, then the block is chosen
 * from the head: every deposit the ledger credited was mined at least
 * DEPOSIT_CONFIRMATIONS deep before the read, so it is in the reserves at
 * that block (decision 031).
 */
async function takeSnapshotWith(
  deps: SolvencyDeps,
  trees: Map<string, Promise<LiabilityTree>>,
  actor: SolvencyActor | 'schedule',
): Promise<SolvencySnapshot> {
  const { db, clock, logger } = deps;
  const chain = deps.chain;
  if (!chain) throw new RefusalError(refusal('solvency_snapshots_off'));
  const at = clock();
  const { players, ledgerTotalWei } = await readLiabilities(db);
  const attributed = players.reduce((total, player) => total + player.amountWei, 0n);
  if (attributed !== ledgerTotalWei) {
    throw new Error(
      `The liabilities attributed to players (${attributed} wei) are not the ledger's liability accounts (${ledgerTotalWei} wei)`,
    );
  }
  const head = await chain.blockNumber();
  const depth = BigInt(Math.max(1, chain.confirmations) - 1);
  const blockNumber = head > depth ? head - depth : 0n;
  const id = randomUUID();
  const entries = players.map((player) => ({
    userId: player.userId,
    salt: randomBytes(32).toString('hex'),
    amountWei: player.amountWei,
  }));
  const tree = await buildLiabilityTree(nodeFairnessCrypto, entries);
  const addresses = await readReserves(db, chain, deps.reserveAddresses, id, blockNumber);
  const root = rootOf(tree.root);
  const reservesWei = countedWei(addresses);
  const ratio = solvencyRatio(reservesWei, tree.root.sum);
  const snapshot = deps.sign({
    id,
    at: at.toISOString(),
    blockNumber: blockNumber.toString(),
    liabilities: { root, players: players.length },
    reserves: { totalWei: reservesWei.toString(), addresses },
    ratio,
  });
  const row: SnapshotRow = {
    id,
    at,
    chainId: chain.chainId,
    blockNumber,
    liabilitiesWei: tree.root.sum,
    reservesWei,
    ratio,
    document: snapshot as unknown as Record<string, unknown>,
    takenBy: actor === 'schedule' ? 'schedule' : actor.userId,
  };
  await insertSnapshot(db, row, entries, async (tx) => {
    if (actor === 'schedule') return;
    await appendAudit(tx, {
      actor: actor.userId,
      role: actor.role,
      action: 'solvency.snapshot',
      target: `solvency:${id}`,
      after: { blockNumber, liabilitiesWei: tree.root.sum, reservesWei, ratio },
      ip: actor.ip,
      at,
    });
  });
  trees.set(id, Promise.resolve(tree));
  await purgeEntriesBefore(db, new Date(at.getTime() - SOLVENCY_PROOF_RETENTION_DAYS * DAY_MS));
  logger.info(
    {
      snapshotId: id,
      blockNumber: blockNumber.toString(),
      liabilitiesWei: root.sumWei,
      reservesWei: reservesWei.toString(),
      ratio,
    },
    'Solvency snapshot taken',
  );
  return snapshot;
}

export function createSolvency(deps: SolvencyDeps) {
  const { db, clock, logger } = deps;
  /** The trees of the last snapshots asked for (rebuilt from their entries, deterministic). */
  const trees = new Map<string, Promise<LiabilityTree>>();

  function treeOf(snapshotId: string): Promise<LiabilityTree> {
    let tree = trees.get(snapshotId);
    if (!tree) {
      tree = entriesOf(db, snapshotId).then((entries) => buildLiabilityTree(nodeFairnessCrypto, entries));
      tree.catch(() => trees.delete(snapshotId));
      if (trees.size >= 3) trees.delete(trees.keys().next().value!);
      trees.set(snapshotId, tree);
    }
    return tree;
  }

  const takeSnapshot = (actor: SolvencyActor | 'schedule') => takeSnapshotWith(deps, trees, actor);

  /** The schedule: a snapshot when the latest is older than the period (a restart does not take one more). */
  const schedule =
    deps.everyMs > 0 && deps.chain
      ? createPeriodicTask({
          name: 'Solvency snapshot',
          everyMs: Math.min(deps.everyMs, 60_000),
          maxBackoffMs: deps.everyMs,
          logger,
          run: async () => {
            const latest = await latestSnapshot(db);
            if (latest && clock().getTime() - latest.at.getTime() < deps.everyMs - 1_000) return;
            await takeSnapshot('schedule');
          },
        })
      : undefined;

  async function retained(snapshotId: string | undefined): Promise<SnapshotRow> {
    const row = snapshotId === undefined ? await latestSnapshot(db) : await snapshotById(db, snapshotId);
    if (!row) notFound(snapshotId === undefined ? 'no_snapshot' : 'snapshot_not_found');
    if (clock().getTime() - row.at.getTime() > SOLVENCY_PROOF_RETENTION_DAYS * DAY_MS) notFound('snapshot_not_found');
    return row;
  }

  return {
    takeSnapshot,
    /** Starts the schedule (on the chain workers' leader, or the one node). */
    start: () => schedule?.start({ now: true }),
    stop: async () => {
      await schedule?.stop();
    },
    /** The schedule's run now (tests). */
    tick: () => schedule?.tick() ?? Promise.resolve(),

    /** `GET /api/solvency`. */
    async latest(): Promise<SolvencySnapshot> {
      const row = await latestSnapshot(db);
      if (!row) notFound('no_snapshot');
      return documentOf(row);
    },

    /** `GET /api/solvency?snapshot=` is not a route; the CLI and the page fetch an earlier snapshot by id with this. */
    async byId(id: string): Promise<SolvencySnapshot> {
      return documentOf(await retained(id));
    },

    /** `GET /api/solvency/history`: the last 90 snapshots, newest first. */
    async history(): Promise<SolvencyHistoryEntry[]> {
      const rows = await recentSnapshots(db, SOLVENCY_HISTORY_LENGTH);
      return rows.map(summaryOf);
    },

    /** `GET /api/solvency/proof`: this player's inclusion proof in the latest snapshot, or in an earlier one kept. */
    async proof(userId: string, snapshotId?: string): Promise<SolvencyProof> {
      const row = await retained(snapshotId);
      if (!(await hasEntry(db, row.id, userId))) notFound('not_in_snapshot');
      const tree = await treeOf(row.id);
      const proof = proofOf(tree, row.id, userId);
      if (!proof) notFound('not_in_snapshot');
      if (proof.root.hash !== documentOf(row).liabilities.root.hash)
        throw new Error(`The tree rebuilt for snapshot ${row.id} does not give its root`);
      return proof;
    },

    /**
     * `POST /api/admin/solvency/reserve-signatures`: an operator's EIP-191
     * signature of the snapshot's message for a listed address. Checked, stored,
     * the totals and ratio recomputed and the snapshot signed again, audited —
     * one transaction.
     */
    async addReserveSignature(actor: SolvencyActor, request: ReserveSignatureRequest): Promise<SolvencySnapshot> {
      return db.transaction(async (tx) => {
        const row = await snapshotById(tx, request.snapshotId, { forUpdate: true });
        if (!row) notFound('snapshot_not_found');
        const document = documentOf(row);
        const entry = document.reserves.addresses.find((candidate) => candidate.address === request.address);
        if (!entry) notFound('address_not_listed');
        const signer = await recoverSigner(reserveMessage(document.id, document.blockNumber), request.signature as Hex);
        if (signer !== request.address) throw new RefusalError(refusal('signature_not_by_address'));
        const addresses = document.reserves.addresses.map((candidate) =>
          candidate === entry ? { ...candidate, signature: request.signature } : candidate,
        );
        const reservesWei = countedWei(addresses);
        const ratio = solvencyRatio(reservesWei, BigInt(document.liabilities.root.sumWei));
        const { signature: _old, ...unsigned } = document;
        const signed = deps.sign({ ...unsigned, reserves: { totalWei: reservesWei.toString(), addresses }, ratio });
        await updateSnapshotReserves(tx, row.id, { reservesWei, ratio, document: signed as unknown as Record<string, unknown> });
        await appendAudit(tx, {
          actor: actor.userId,
          role: actor.role,
          action: 'solvency.reserve-signature',
          target: `solvency:${row.id}`,
          before: { address: entry.address, signature: entry.signature, reservesWei: row.reservesWei, ratio: row.ratio },
          after: { address: entry.address, signature: request.signature, reservesWei, ratio },
          ip: actor.ip,
          at: clock(),
        });
        return signed;
      });
    },

    /** The console's overview: the latest snapshot, its ratio, the addresses without a valid signature. */
    async adminSummary(tx: Executor = db): Promise<AdminSolvency | null> {
      const row = await latestSnapshot(tx);
      if (!row) return null;
      const document = documentOf(row);
      return {
        ...summaryOf(row),
        unsignedAddresses: document.reserves.addresses.filter((entry) => entry.signature === null).map((entry) => entry.address),
      };
    },
  };
}

export type SolvencyService = ReturnType<typeof createSolvency>;
