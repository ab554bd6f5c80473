import { generateKeyPairSync, webcrypto } from 'node:crypto';
import { MAX_TREE_WEI, type SolvencyProof } from '@shifumi/protocol/solvency';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webCryptoFairness, type SubtleCryptoLike } from './crypto';
import { toHex } from './encoding';
import { nodeFairnessCrypto, publicKeyBase64 } from './node';
import {
  allSolvencyChecksPassed,
  checkSolvencyProof,
  solvencyRatio,
  type RecoverSigner,
  type SolvencyCheck,
} from './solvency-checks';
import { amountBytes, buildLiabilityTree, proofOf, rootOf, TreeAmountError, type LiabilityEntry } from './solvency-tree';
import { signedSnapshotOf } from './testing';

const { privateKey } = generateKeyPairSync('ed25519');
const publicKey = publicKeyBase64(privateKey);
const crypto = nodeFairnessCrypto;
const SNAPSHOT_ID = '44444444-4444-4444-8444-444444444444';

/** A stand-in for EIP-191 recovery: the "signature" carries the signer's address (the server's tests use real keys). */
const fakeSignature = (address: string) => `0x${address.slice(2)}${'0'.repeat(90)}`;
const recoverSigner: RecoverSigner = (_message, signature) =>
  Promise.resolve(signature.endsWith('0'.repeat(90)) ? `0x${signature.slice(2, 42)}` : null);

const entryArbitrary = fc.record({
  userId: fc.uuid(),
  salt: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toHex),
  amountWei: fc.bigInt({ min: 0n, max: 10n ** 30n }),
});
const entriesArbitrary = fc.uniqueArray(entryArbitrary, { minLength: 1, maxLength: 24, selector: (entry) => entry.userId });

async function treeAndSnapshot(entries: LiabilityEntry[]) {
  const tree = await buildLiabilityTree(crypto, entries);
  const snapshot = signedSnapshotOf(rootOf(tree.root), entries.length, privateKey, { id: SNAPSHOT_ID });
  return { tree, snapshot };
}

const failedIds = (checks: SolvencyCheck[]) => checks.filter((entry) => !entry.ok).map((entry) => entry.id);
const verify = (proof: unknown, snapshot: unknown) => checkSolvencyProof(proof, snapshot, publicKey, crypto, recoverSigner);

describe('the liability tree', () => {
  it('gives every player a proof that passes every check, and a root whose sum is the liabilities', async () => {
    await fc.assert(
      fc.asyncProperty(entriesArbitrary, async (entries) => {
        const { tree, snapshot } = await treeAndSnapshot(entries);
        expect(BigInt(rootOf(tree.root).sumWei)).toBe(entries.reduce((total, entry) => total + entry.amountWei, 0n));
        expect(tree.leaves.length & (tree.leaves.length - 1)).toBe(0);
        for (const entry of entries) {
          const proof = proofOf(tree, SNAPSHOT_ID, entry.userId)!;
          expect(proof.amountWei).toBe(entry.amountWei.toString());
          const checks = await verify(proof, snapshot);
          expect(failedIds(checks)).toEqual([]);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('sorts the leaves by user hash and pads with empty leaves', async () => {
    const tree = await buildLiabilityTree(crypto, [
      { userId: 'a', salt: '11'.repeat(32), amountWei: 5n },
      { userId: 'b', salt: '22'.repeat(32), amountWei: 7n },
      { userId: 'c', salt: '33'.repeat(32), amountWei: 0n },
    ]);
    expect(tree.leaves).toHaveLength(4);
    const hashes = tree.leaves.slice(0, 3).map((leaf) => toHex(leaf.userHash));
    expect([...hashes].sort()).toEqual(hashes);
    expect(tree.leaves[3]).toMatchObject({ userId: null, sum: 0n, userHash: new Uint8Array(32) });
    expect(tree.root.sum).toBe(12n);
  });

  it('a balance changed, removed or moved between players gives another root, and the player it wrongs finds their proof failing', async () => {
    await fc.assert(
      fc.asyncProperty(
        entriesArbitrary.filter((entries) => entries.length >= 2),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('changed', 'removed', 'moved'),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        async (entries, first, second, tampering, delta) => {
          const honest = await buildLiabilityTree(crypto, entries);
          const victim = entries[first % entries.length]!;
          const other = entries[(first + 1 + (second % (entries.length - 1))) % entries.length]!;
          let tampered: LiabilityEntry[];
          if (tampering === 'removed') tampered = entries.filter((entry) => entry !== victim);
          else if (tampering === 'changed')
            tampered = entries.map((entry) => (entry === victim ? { ...entry, amountWei: entry.amountWei + delta } : entry));
          else {
            // Part of the victim's balance moved to another player: the total is unchanged.
            const moved = victim.amountWei === 0n ? 0n : 1n + (delta % victim.amountWei);
            tampered = entries.map((entry) =>
              entry === victim
                ? { ...entry, amountWei: entry.amountWei - moved }
                : entry === other
                  ? { ...entry, amountWei: entry.amountWei + moved }
                  : entry,
            );
            if (moved === 0n) tampered = entries.map((entry) => (entry === victim ? { ...entry, amountWei: 1n } : entry));
          }
          const { tree, snapshot } = await treeAndSnapshot(tampered);
          expect(toHex(tree.root.hash)).not.toBe(toHex(honest.root.hash));
          const given = proofOf(tree, SNAPSHOT_ID, victim.userId);
          if (given === undefined) {
            expect(tampering).toBe('removed');
            return;
          }
          // The player checks with what they know they are owed.
          const theirs: SolvencyProof = { ...given, amountWei: victim.amountWei.toString() };
          expect(allSolvencyChecksPassed(await verify(theirs, snapshot))).toBe(false);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a proof whose path is tampered with (a sum moved between siblings, a hash changed) fails the root', async () => {
    await fc.assert(
      fc.asyncProperty(
        entriesArbitrary.filter((entries) => entries.length >= 2),
        fc.nat(),
        fc.nat(),
        async (entries, who, where) => {
          const { tree, snapshot } = await treeAndSnapshot(entries);
          const proof = proofOf(tree, SNAPSHOT_ID, entries[who % entries.length]!.userId)!;
          const step = where % proof.path.length;
          const lowered = structuredClone(proof);
          lowered.path[step]!.sumWei = (BigInt(lowered.path[step]!.sumWei) + 1n).toString();
          expect(failedIds(await verify(lowered, snapshot))).toEqual(['root']);
          const rehashed = structuredClone(proof);
          rehashed.path[step]!.hash = rehashed.path[step]!.hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
          expect(failedIds(await verify(rehashed, snapshot))).toEqual(['root']);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('refuses a negative or overflowing amount, in the tree and in a proof', async () => {
    expect(() => amountBytes(-1n)).toThrow(TreeAmountError);
    expect(() => amountBytes(MAX_TREE_WEI + 1n)).toThrow(TreeAmountError);
    expect(amountBytes(MAX_TREE_WEI)).toEqual(new Uint8Array(32).fill(255));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.bigInt({ max: -1n }), fc.bigInt({ min: MAX_TREE_WEI + 1n, max: MAX_TREE_WEI * 4n })),
        async (amount) => {
          await expect(buildLiabilityTree(crypto, [{ userId: 'a', salt: '11'.repeat(32), amountWei: amount }])).rejects.toThrow(
            TreeAmountError,
          );
        },
      ),
      { numRuns: 20 },
    );
    // Two balances that each fit but whose total does not: refused too.
    await expect(
      buildLiabilityTree(crypto, [
        { userId: 'a', salt: '11'.repeat(32), amountWei: MAX_TREE_WEI },
        { userId: 'b', salt: '22'.repeat(32), amountWei: 1n },
      ]),
    ).rejects.toThrow(TreeAmountError);
  });

  it('a proof with a negative amount or a negative or overflowing sum fails with the reason', async () => {
    const entries = [
      { userId: 'alice', salt: '11'.repeat(32), amountWei: 10n },
      { userId: 'bob', salt: '22'.repeat(32), amountWei: 20n },
      { userId: 'carol', salt: '33'.repeat(32), amountWei: 30n },
    ];
    const { tree, snapshot } = await treeAndSnapshot(entries);
    const proof = proofOf(tree, SNAPSHOT_ID, 'alice')!;
    const negativeAmount = await verify({ ...proof, amountWei: '-10' }, snapshot);
    expect(negativeAmount.find((entry) => entry.id === 'leaf')!.detail).toContain('negative');
    const negativeSum = structuredClone(proof);
    negativeSum.path[0]!.sumWei = '-5';
    const checks = await verify(negativeSum, snapshot);
    expect(failedIds(checks)).toEqual(['path', 'root']);
    expect(checks.find((entry) => entry.id === 'path')!.detail).toBe('Step 1 of the path has a negative sum (-5 wei): refused.');
    const overflow = structuredClone(proof);
    overflow.path[0]!.sumWei = (MAX_TREE_WEI + 1n).toString();
    expect((await verify(overflow, snapshot)).find((entry) => entry.id === 'path')!.detail).toContain('does not fit 32 bytes');
  });

  it('checks the signature with Web Crypto too, and fails a changed snapshot or a wrong key', async () => {
    const web = webCryptoFairness(webcrypto.subtle as unknown as SubtleCryptoLike);
    const { tree, snapshot } = await treeAndSnapshot([{ userId: 'alice', salt: '11'.repeat(32), amountWei: 10n }]);
    const proof = proofOf(tree, SNAPSHOT_ID, 'alice')!;
    expect(allSolvencyChecksPassed(await checkSolvencyProof(proof, snapshot, publicKey, web, recoverSigner))).toBe(true);
    const changed = { ...snapshot, at: '2026-01-02T00:00:00.000Z' };
    expect(failedIds(await verify(proof, changed))).toEqual(['signature']);
    const other = publicKeyBase64(generateKeyPairSync('ed25519').privateKey);
    expect(failedIds(await checkSolvencyProof(proof, snapshot, other, crypto, recoverSigner))).toEqual(['signature']);
    expect(failedIds(await checkSolvencyProof(proof, snapshot, null, crypto, recoverSigner))).toEqual(['signature']);
  });

  it("a proof of somebody else's leaf fails the leaf check of the player who checks it", async () => {
    const { tree, snapshot } = await treeAndSnapshot([
      { userId: 'alice', salt: '11'.repeat(32), amountWei: 10n },
      { userId: 'bob', salt: '22'.repeat(32), amountWei: 20n },
    ]);
    const bobs = proofOf(tree, SNAPSHOT_ID, 'bob')!;
    const checks = await checkSolvencyProof(bobs, snapshot, publicKey, crypto, recoverSigner, { userId: 'alice' });
    expect(failedIds(checks)).toEqual(['leaf']);
    expect(checks[1]!.detail).toBe('The proof is for the user bob, not for you: it says nothing about your balance.');
    expect(failedIds(await checkSolvencyProof(bobs, snapshot, publicKey, crypto, recoverSigner, { userId: 'bob' }))).toEqual([]);
  });

  it('a proof for another snapshot, or a malformed one, fails the format and is not checked further', async () => {
    const { tree, snapshot } = await treeAndSnapshot([{ userId: 'alice', salt: '11'.repeat(32), amountWei: 10n }]);
    const proof = proofOf(tree, '55555555-5555-4555-8555-555555555555', 'alice')!;
    const checks = await verify(proof, snapshot);
    expect(checks.map((entry) => [entry.id, entry.ok])).toEqual([
      ['format', false],
      ['leaf', false],
      ['path', false],
      ['root', false],
      ['signature', true],
      ['reserves', false],
    ]);
    expect(checks[0]!.detail).toContain('not for snapshot');
    expect((await verify({ ...proof, salt: 'xyz' }, snapshot))[0]!.detail).toContain('proof.salt');
  });

  it('counts only reserve addresses whose signature is by their key, and checks the total and the ratio', async () => {
    const { tree } = await treeAndSnapshot([{ userId: 'alice', salt: '11'.repeat(32), amountWei: 1000n }]);
    const proof = proofOf(tree, SNAPSHOT_ID, 'alice')!;
    const hot = '0x' + 'a'.repeat(40);
    const cold = '0x' + 'b'.repeat(40);
    const reserves = [
      { address: hot, balanceWei: '900', signature: fakeSignature(hot) },
      { address: cold, balanceWei: '500', signature: null },
    ];
    const fine = signedSnapshotOf(rootOf(tree.root), 1, privateKey, { reserves });
    expect(fine.reserves.totalWei).toBe('900');
    expect(fine.ratio).toBe('0.900000');
    expect(allSolvencyChecksPassed(await verify(proof, fine))).toBe(true);
    // Counting the unsigned cold address (the operator re-signs the snapshot): the total does not add up.
    const inflated = signedSnapshotOf(rootOf(tree.root), 1, privateKey, { reserves, totalWei: '1400' });
    expect(failedIds(await verify(proof, inflated))).toEqual(['reserves']);
    // A signature by another key for the cold address.
    const forged = signedSnapshotOf(rootOf(tree.root), 1, privateKey, {
      reserves: [reserves[0]!, { address: cold, balanceWei: '500', signature: fakeSignature(hot) }],
    });
    const forgedChecks = await verify(proof, forged);
    expect(failedIds(forgedChecks)).toEqual(['reserves']);
    expect(forgedChecks.at(-1)!.detail).toContain(cold);
    const wrongRatio = signedSnapshotOf(rootOf(tree.root), 1, privateKey, { reserves, ratio: '1.000000' });
    expect(failedIds(await verify(proof, wrongRatio))).toEqual(['reserves']);
  });

  it('writes the ratio with 6 decimals, rounded down', () => {
    expect(solvencyRatio(1n, 3n)).toBe('0.333333');
    expect(solvencyRatio(2n, 3n)).toBe('0.666666');
    expect(solvencyRatio(3n, 3n)).toBe('1.000000');
    expect(solvencyRatio(10n ** 30n, 1n)).toBe(`${10n ** 30n}.000000`);
    expect(solvencyRatio(5n, 0n)).toBe('1.000000');
  });
});

describe('the tree is the one issue 28 specifies, byte for byte (computed here independently with node:crypto)', () => {
  it('hashes leaves, pads to a power of two with empty leaves, sorts by userHash and sums the nodes', async () => {
    const { createHash } = await import('node:crypto');
    const sha = (...parts: Uint8Array[]) => {
      const hash = createHash('sha256');
      for (const part of parts) hash.update(part);
      return new Uint8Array(hash.digest());
    };
    const be32 = (amount: bigint) => Uint8Array.from(Buffer.from(amount.toString(16).padStart(64, '0'), 'hex'));
    const text = (value: string) => new TextEncoder().encode(value);
    const leaf = (userHash: Uint8Array, amount: bigint) => ({
      hash: sha(text('shifumi-liability-leaf'), Uint8Array.of(0), userHash, be32(amount)),
      sum: amount,
    });
    const node = (left: { hash: Uint8Array; sum: bigint }, right: { hash: Uint8Array; sum: bigint }) => ({
      hash: sha(text('shifumi-liability-node'), Uint8Array.of(1), left.hash, be32(left.sum), right.hash, be32(right.sum)),
      sum: left.sum + right.sum,
    });
    const entries: LiabilityEntry[] = [
      { userId: 'alice', salt: '11'.repeat(32), amountWei: 5n * 10n ** 17n },
      { userId: 'bob', salt: '22'.repeat(32), amountWei: 1n },
      { userId: 'carol', salt: '33'.repeat(32), amountWei: 0n },
    ];
    const leaves = entries
      .map((entry) => leaf(sha(Buffer.from(entry.salt, 'hex'), text(entry.userId)), entry.amountWei))
      .map((value, index) => ({
        ...value,
        userHash: sha(Buffer.from(entries[index]!.salt, 'hex'), text(entries[index]!.userId)),
      }))
      .sort((a, b) => Buffer.compare(Buffer.from(a.userHash), Buffer.from(b.userHash)));
    const padded = [...leaves, leaf(new Uint8Array(32), 0n)];
    const expected = node(node(padded[0]!, padded[1]!), node(padded[2]!, padded[3]!));

    const root = rootOf((await buildLiabilityTree(crypto, entries)).root);
    expect(root.hash).toBe(toHex(expected.hash));
    expect(root.sumWei).toBe((5n * 10n ** 17n + 1n).toString());
  });
});
